import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { createItem, createWarehouse, recordMovement, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();

describe("[WAREHOUSES] Warehouse Management", () => {
  it("creates a warehouse, edits it after admin credentials, adds a container shelf and deletes it", async () => {
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Warehouses" })
      .click();
    await expectPath(page, "/wmscontrolpaneladmin/warehouses");
    await page.getByRole("heading", { level: 1, name: "Warehouse Management" }).waitFor();

    // Add Warehouse: name and location required, layout defaults 10 shelves x 3 sections.
    const name = uniquePrefix("WH");
    await page.getByRole("button", { name: "Add Warehouse" }).click();
    const addDialog = page.getByRole("dialog", { name: "Add Warehouse" });
    await addDialog.getByRole("button", { name: "Add Warehouse" }).click();
    await addDialog.getByText("Name is required").waitFor();
    expect(await addDialog.getByRole("textbox", { name: "Shelves", exact: true }).inputValue()).toBe("10");
    expect(
      await addDialog.getByRole("textbox", { name: "Sections per shelf", exact: true }).inputValue(),
    ).toBe("3");
    await addDialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await addDialog.getByRole("textbox", { name: "Location", exact: true }).fill("Jebel Ali, Dubai");
    await addDialog.getByRole("textbox", { name: "Shelves", exact: true }).fill("4");
    await addDialog.getByRole("button", { name: "Add Warehouse" }).click();
    await addDialog.waitFor({ state: "hidden" });
    const card = page.getByRole("article", { name, exact: true });
    await card.getByText("Jebel Ali, Dubai").waitFor();
    await card.getByText("12", { exact: true }).waitFor(); // 4 shelves x 3 sections

    // Edit: credentials first; a wrong password is refused with the spec's message.
    await card.getByRole("button", { name: `Edit ${name}` }).click();
    const credentials = page.getByRole("dialog", { name: "Confirm admin credentials" });
    const email = credentials.getByRole("textbox", { name: "Email", exact: true });
    const password = credentials.getByRole("textbox", { name: "Password", exact: true });
    const continueButton = credentials.getByRole("button", { name: "Continue" });
    await email.fill(E2E_ADMIN.email);
    await password.fill("");
    expect(await continueButton.isDisabled()).toBe(true);
    await password.fill("not the admin password");
    await continueButton.click();
    await credentials.getByText("Invalid admin credentials. Please try again.").waitFor();
    await password.fill(E2E_ADMIN.password);
    await continueButton.click();

    const editDialog = page.getByRole("dialog", { name: `Edit ${name}` });
    const location = editDialog.getByRole("textbox", { name: "Location", exact: true });
    expect(await location.inputValue()).toBe("Jebel Ali, Dubai");
    await location.fill("Al Quoz Industrial Area 3");
    await editDialog.getByRole("button", { name: "Save changes" }).click();
    await editDialog.waitFor({ state: "hidden" });
    await card.getByText("Al Quoz Industrial Area 3").waitFor();

    // Add Container Shelf: typed in lower case, saved and shown in capitals.
    await card.getByRole("button", { name: `Add Container Shelf to ${name}` }).click();
    const shelfDialog = page.getByRole("dialog", { name: `Add Container Shelf to ${name}` });
    await shelfDialog.getByRole("textbox", { name: "Container shelf name", exact: true }).fill("cold room");
    await shelfDialog.getByText("It will be saved as COLD ROOM.").waitFor();
    await shelfDialog.getByRole("button", { name: "Add Container Shelf" }).click();
    await shelfDialog.waitFor({ state: "hidden" });
    await card
      .getByRole("list", { name: "Container shelves" })
      .getByText("COLD ROOM", { exact: true })
      .waitFor();
    await card.getByText("1 container shelf").waitFor();

    // Delete an empty warehouse: the confirm button waits for both credentials.
    await card.getByRole("button", { name: `Delete ${name}` }).click();
    const deleteDialog = page.getByRole("dialog", { name: `Delete ${name}?` });
    const confirm = deleteDialog.getByRole("button", { name: "Delete warehouse" });
    await deleteDialog.getByRole("textbox", { name: "Email", exact: true }).fill(E2E_ADMIN.email);
    expect(await confirm.isDisabled()).toBe(true);
    await deleteDialog.getByRole("textbox", { name: "Password", exact: true }).fill(E2E_ADMIN.password);
    await confirm.click();
    await deleteDialog.waitFor({ state: "hidden" });
    await card.waitFor({ state: "detached" });
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
  it("refuses to delete a warehouse that holds stock, with the spec's alert and its item count", async () => {
    const prefix = uniquePrefix("WS");
    const warehouse = await createWarehouse(prefix);
    for (const suffix of ["A", "B"]) {
      const item = await createItem({ itemNo: `${prefix}-${suffix}`, name: `Stocked ${suffix}` });
      await recordMovement({
        type: "received",
        itemId: item.id,
        quantity: "2",
        to: `${warehouse.name}A01`,
        reason: "Stock",
      });
    }
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/warehouses");
    const card = page.getByRole("article", { name: warehouse.name, exact: true });
    await card.getByRole("button", { name: `Delete ${warehouse.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Cannot delete ${warehouse.name}` });
    await dialog
      .getByRole("alert")
      .getByText(
        "Cannot delete warehouse. It contains 2 items. Please move all items to another warehouse first.",
      )
      .waitFor();
    expect(await dialog.getByRole("textbox", { name: "Password" }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await dialog.waitFor({ state: "hidden" });
    await card.waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
