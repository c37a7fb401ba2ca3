import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import {
  asAdmin,
  createItems,
  createStaffMember,
  createWarehouse,
  recordMovement,
  uniquePrefix,
} from "./api.ts";
import { useBrowser } from "./browser.ts";
import { changePassword, expectPath, selectOption, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();

/** The search box is debounced: waits until the URL (and so the list) carries the search. */
async function searchApplied(page: Page, search: string) {
  await page.waitForURL((url) => url.searchParams.get("search") === search, { timeout: 5_000 });
}

describe("[ITEMS] Item Management", () => {
  it("lets an admin add items through the modal, find them by search and by type, and delete one", async () => {
    const page = browser.page();
    const prefix = uniquePrefix("IT");
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Items" }).click();
    await expectPath(page, "/wmscontrolpaneladmin/items");
    await page.getByRole("heading", { level: 1, name: "Item Management" }).waitFor();

    // First item: the spec's defaults (RAW MATERIAL, pieces, 0, 0) are prefilled; the type is changed.
    await page.getByRole("button", { name: "Add Item" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Item" });
    await dialog.getByRole("button", { name: "Add Item" }).click();
    await dialog.getByText("Item number is required").waitFor();
    expect(await dialog.getByRole("combobox", { name: "Type", exact: true }).inputValue()).toBe(
      "RAW MATERIAL",
    );
    expect(await dialog.getByRole("combobox", { name: "Unit", exact: true }).inputValue()).toBe("pieces");
    expect(await dialog.getByRole("textbox", { name: "Unit Price (AED)", exact: true }).inputValue()).toBe(
      "0",
    );
    expect(await dialog.getByRole("textbox", { name: "Minimum Quantity", exact: true }).inputValue()).toBe(
      "0",
    );
    await dialog.getByRole("textbox", { name: "Item Number", exact: true }).fill(`${prefix}-TEA`);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Cardamom Tea ${prefix}`);
    await dialog
      .getByRole("textbox", { name: "Description", exact: true })
      .fill("Loose leaf, green cardamom");
    await selectOption(dialog, page, "Type", "TEA");
    await selectOption(dialog, page, "Unit", "kilogram");
    await dialog.getByRole("textbox", { name: "Unit Price (AED)", exact: true }).fill("1234.5");
    await dialog.getByRole("button", { name: "Add Item" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Second item keeps the default type.
    await page.getByRole("button", { name: "Add Item" }).click();
    dialog = page.getByRole("dialog", { name: "Add Item" });
    await dialog.getByRole("textbox", { name: "Item Number", exact: true }).fill(`${prefix}-BOX`);
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Carton Box ${prefix}`);
    await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("Double wall, 40 x 30 cm");
    await dialog.getByRole("button", { name: "Add Item" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Search matches the description too: only the tea mentions cardamom.
    const search = page.getByRole("searchbox", { name: "Search items" });
    const tea = page.getByRole("article", { name: `${prefix}-TEA Cardamom Tea ${prefix}` });
    const box = page.getByRole("article", { name: `${prefix}-BOX Carton Box ${prefix}` });
    await search.fill(prefix);
    await searchApplied(page, prefix);
    await tea.waitFor();
    await box.waitFor();
    await tea.getByText("TEA", { exact: true }).waitFor();
    await tea.getByText("No stock").waitFor();
    await box.getByText("RAW MATERIAL", { exact: true }).waitFor();
    await search.fill("double wall");
    await searchApplied(page, "double wall");
    await box.waitFor();
    await tea.waitFor({ state: "detached" });

    // The type filter, with the search narrowed to this run's items; the URL keeps both over a reload.
    await search.fill(prefix);
    await searchApplied(page, prefix);
    await tea.waitFor();
    await selectOption(page, page, "Type", "TEA");
    await page.waitForURL((url) => url.searchParams.get("type") === "TEA");
    await box.waitFor({ state: "detached" });
    await tea.waitFor();
    await page.reload();
    await tea.waitFor();
    expect(await page.getByRole("searchbox", { name: "Search items" }).inputValue()).toBe(prefix);
    expect(await page.getByRole("combobox", { name: "Type", exact: true }).inputValue()).toBe("TEA");
    expect(await box.count()).toBe(0);

    // Delete asks first.
    await tea.getByRole("button", { name: `Delete Cardamom Tea ${prefix}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete Cardamom Tea ${prefix}?` });
    await confirm.getByRole("button", { name: "Delete item" }).click();
    await tea.waitFor({ state: "detached" });
    await page.getByText("No items match your search.").waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("pages through 45 items, 20 a page, with at most 5 page buttons", async () => {
    const prefix = uniquePrefix("PG");
    await createItems(
      Array.from({ length: 45 }, (_, index) => ({
        itemNo: `${prefix}-${String(index + 1).padStart(2, "0")}`,
        name: `Paged item ${index + 1}`,
      })),
    );
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/items");
    await page.getByRole("searchbox", { name: "Search items" }).fill(prefix);
    await searchApplied(page, prefix);
    await page.getByText("Showing 1–20 of 45").waitFor();
    const cards = page.getByRole("article");
    expect(await cards.count()).toBe(20);

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    const pageButtons = pagination.getByRole("button", { name: /^Page \d+$/ });
    expect(await pageButtons.allInnerTexts()).toEqual(["1", "2", "3"]);
    await pagination.getByRole("button", { name: "Page 3" }).click();
    await page.getByText("Showing 41–45 of 45").waitFor();
    expect(await cards.count()).toBe(5);
    expect(new URL(page.url()).searchParams.get("page")).toBe("3");

    await pagination.getByRole("button", { name: "Previous page" }).click();
    await page.getByText("Showing 21–40 of 45").waitFor();
    await page.goBack();
    await page.getByText("Showing 41–45 of 45").waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("shows staff the item list without Add Item, Edit or Delete", async () => {
    const prefix = uniquePrefix("ST");
    await createItems([{ itemNo: `${prefix}-01`, name: `Staff visible item ${prefix}`, type: "ASSETS" }]);
    const staff = await createStaffMember("Item Viewer");
    const page = browser.page();
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await changePassword(page, staff.password, "item viewer passphrase");
    await expectPath(page, "/staff/warehouse");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Items" }).click();
    await expectPath(page, "/staff/items");
    await page.getByRole("heading", { level: 1, name: "Item Management" }).waitFor();
    await page.getByRole("searchbox", { name: "Search items" }).fill(prefix);
    await searchApplied(page, prefix);
    const card = page.getByRole("article", { name: `${prefix}-01 Staff visible item ${prefix}` });
    await card.getByText("ASSETS", { exact: true }).waitFor();

    expect(await page.getByRole("button", { name: "Add Item" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Edit|Delete)\b/ }).count()).toBe(0);
    // Staff may read an item's history.
    expect(await page.getByRole("link", { name: /^History/ }).count()).toBe(1);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
  it("flags low stock with the banner and its View Low Stock toggle, and edits an item", async () => {
    const prefix = uniquePrefix("LS");
    const warehouse = await createWarehouse(prefix);
    const admin = await asAdmin();
    const created = [];
    for (const [suffix, minQuantity] of [
      ["LOW", "10"],
      ["OK", "2"],
    ]) {
      const response = await admin("/api/items", {
        method: "POST",
        body: { itemNo: `${prefix}-${suffix}`, name: `Rooibos ${suffix} ${prefix}`, minQuantity },
      });
      expect(response.status).toBe(201);
      const item = (await response.json()) as { id: number };
      created.push(item);
      await recordMovement({
        type: "received",
        itemId: item.id,
        quantity: "3",
        to: `${warehouse.name}A01`,
        reason: "Stock",
      });
    }

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto(`/wmscontrolpaneladmin/items?search=${prefix}`);
    const low = page.getByRole("article", { name: `${prefix}-LOW Rooibos LOW ${prefix}` });
    const ok = page.getByRole("article", { name: `${prefix}-OK Rooibos OK ${prefix}` });
    await low.getByText("Low stock", { exact: true }).waitFor();
    await ok.waitFor();
    expect(await ok.getByText("Low stock", { exact: true }).count()).toBe(0);

    // The banner counts every low item; its toggle narrows the list to them and back.
    await page.getByText(/items? (is|are) below (its|their) minimum quantity/).waitFor();
    await page.getByRole("button", { name: "View Low Stock" }).click();
    await page.waitForURL((url) => url.searchParams.get("lowStock") === "true");
    await ok.waitFor({ state: "detached" });
    await low.waitFor();
    await page.getByRole("button", { name: "Show All Items" }).click();
    await ok.waitFor();

    // Edit: the new name shows on the card, and the minimum now met clears the flag.
    await low.getByRole("button", { name: `Edit Rooibos LOW ${prefix}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit Rooibos LOW ${prefix}` });
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(`Red Rooibos ${prefix}`);
    await dialog.getByRole("textbox", { name: "Minimum Quantity", exact: true }).fill("3");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.waitFor({ state: "hidden" });
    const renamed = page.getByRole("article", { name: `${prefix}-LOW Red Rooibos ${prefix}` });
    await renamed.waitFor();
    expect(await renamed.getByText("Low stock", { exact: true }).count()).toBe(0);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
