import { describe, expect, inject, it } from "vitest";
import { signInOverHttp } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { createStaffMember, uniqueEmail } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();

describe("[STAFF] Staff Management", () => {
  it("adds a staff member through the modal and then deletes them", async () => {
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Staff" }).click();
    await expectPath(page, "/wmscontrolpaneladmin/staff");
    await page.getByRole("heading", { level: 1, name: "Staff Management" }).waitFor();

    const email = uniqueEmail("noura");
    await page.getByRole("button", { name: "Add Staff" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Staff" });
    await dialog.getByRole("button", { name: "Add Staff" }).click();
    await dialog.getByText("Full name is required").waitFor();

    await dialog.getByRole("textbox", { name: "Full Name", exact: true }).fill("Noura Al Mansoori");
    await dialog.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await dialog.getByRole("textbox", { name: "Password", exact: true }).fill("first password 1");
    await dialog.getByRole("button", { name: "Add Staff" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText(email).waitFor();
    await expect(page.getByText("Must change password").first().isVisible()).resolves.toBe(true);

    await page.getByRole("button", { name: "Delete Noura Al Mansoori" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText(email).waitFor({ state: "detached" });
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
  it("resets a staff password, ending their sessions, and adds an administrator", async () => {
    const member = await createStaffMember("Hamdan Reset");
    const oldSession = await signInOverHttp(inject("baseUrl"), "staff", member.email, member.password);
    expect((await oldSession("/api/session")).status).toBe(200);

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/staff");
    await page.getByRole("button", { name: "Reset password for Hamdan Reset" }).click();
    const reset = page.getByRole("dialog", { name: "Reset password for Hamdan Reset" });
    await reset.getByLabel(/^New password/).fill("reset password 7");
    await reset.getByRole("button", { name: "Set password" }).click();
    await reset.waitFor({ state: "hidden" });
    await page.getByText("The password of Hamdan Reset has been reset.").waitFor();

    // Signed out everywhere; the old password no longer works, the new one does.
    const session = (await (await oldSession("/api/session")).json()) as { user: unknown };
    expect(session.user).toBeNull();
    await expect(signInOverHttp(inject("baseUrl"), "staff", member.email, member.password)).rejects.toThrow(
      /401/,
    );
    await signInOverHttp(inject("baseUrl"), "staff", member.email, "reset password 7");

    const email = uniqueEmail("second.admin");
    await page.getByRole("button", { name: "Add Administrator" }).first().click();
    const add = page.getByRole("dialog", { name: "Add Administrator" });
    await add.getByRole("textbox", { name: "Full Name", exact: true }).fill("Second Admin");
    await add.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await add.getByLabel(/^Password/).fill("admin password 9");
    await add.getByRole("button", { name: "Add Administrator" }).click();
    await add.waitFor({ state: "hidden" });
    await page.getByText(email).waitFor();
    await signInOverHttp(inject("baseUrl"), "admin", email, "admin password 9");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
