import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { uniqueEmail } from "./api.ts";
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
});
