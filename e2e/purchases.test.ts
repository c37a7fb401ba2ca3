import { addDays, DEFAULT_TIME_ZONE, todayIn } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { createItem, createWarehouse, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, pickSearchOption, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();

describe("[PURCHASES] New Purchase", () => {
  it("records a purchase of two items over three locations as three received movements", async () => {
    const prefix = uniquePrefix("PU");
    const warehouse = await createWarehouse(prefix);
    const tea = await createItem({ itemNo: `${prefix}-TEA`, name: `Black Tea ${prefix}`, unitPrice: "12.5" });
    const cup = await createItem({ itemNo: `${prefix}-CUP`, name: `Paper Cup ${prefix}` });
    const [a1, a2, b1] = [`${warehouse.name}A01`, `${warehouse.name}A02`, `${warehouse.name}B01`];
    const invoice = `INV-${prefix}`;

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/movements");
    await page.getByRole("button", { name: "New Purchase" }).click();
    const dialog = page.getByRole("dialog", { name: "New Purchase" });
    await dialog.getByText("Record a purchase with multiple items and locations").waitFor();
    const complete = dialog.getByRole("button", { name: "Complete Purchase" });
    const addItem = dialog.getByRole("button", { name: "+ Add Item to Purchase" });
    const quantity = dialog.getByRole("textbox", { name: "Quantity", exact: true });
    const locationBox = dialog.getByRole("combobox", { name: "Storage location", exact: true });
    expect(await complete.isDisabled()).toBe(true);
    expect(await dialog.getByRole("textbox", { name: "Date", exact: true }).inputValue()).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );

    await dialog.getByRole("textbox", { name: "Invoice Number", exact: true }).fill(invoice);
    // Yesterday: a purchase's movements are dated noon of its date, and today's noon may still be ahead,
    // which would put them before movements other test files record later today.
    await dialog
      .getByRole("textbox", { name: "Date", exact: true })
      .fill(addDays(todayIn(DEFAULT_TIME_ZONE), -1));
    await dialog.getByRole("textbox", { name: "Supplier Name", exact: true }).fill("Dubai Tea Traders");

    // Item, quantity and a location are needed; the quantity comes before the location.
    expect(await addItem.isDisabled()).toBe(true);
    await pickSearchOption(dialog, page, "Item", tea.itemNo, new RegExp(`^${tea.itemNo}`));
    expect(await dialog.getByRole("textbox", { name: "Unit Price (AED)", exact: true }).inputValue()).toBe(
      "12.50",
    );
    expect(await addItem.isDisabled()).toBe(true);
    expect(await locationBox.isDisabled()).toBe(true);
    await quantity.fill("10");
    expect(await addItem.isDisabled()).toBe(true);
    await pickSearchOption(dialog, page, "Storage location", a1, new RegExp(`^${a1}`));
    const atA1 = dialog.getByRole("textbox", { name: `Quantity at ${a1}`, exact: true });
    expect(await atA1.inputValue()).toBe("10");
    expect(await addItem.isDisabled()).toBe(false);
    await atA1.fill("6");
    await pickSearchOption(dialog, page, "Storage location", b1, new RegExp(`^${b1}`));
    expect(await dialog.getByRole("textbox", { name: `Quantity at ${b1}`, exact: true }).inputValue()).toBe(
      "4",
    );
    await dialog.getByRole("textbox", { name: "Unit Price (AED)", exact: true }).fill("13");
    await addItem.click();
    await dialog.getByText("Items in purchase (1)").waitFor();
    expect(await addItem.isDisabled()).toBe(true);

    await pickSearchOption(dialog, page, "Item", cup.itemNo, new RegExp(`^${cup.itemNo}`));
    await quantity.fill("5");
    await pickSearchOption(dialog, page, "Storage location", a2, new RegExp(`^${a2}`));
    await addItem.click();
    await dialog.getByText("Items in purchase (2)").waitFor();
    const teaLine = dialog.getByRole("article", { name: `${tea.itemNo} ${tea.name}` });
    await teaLine.getByText("10 pieces at AED 13.00").waitFor();
    await teaLine.getByText(`${a1}: 6, ${b1}: 4`).waitFor();

    await complete.click();
    await dialog.waitFor({ state: "hidden" });

    // Three received movements, found by the invoice number.
    await page.getByRole("searchbox", { name: "Search movements" }).fill(invoice);
    await page.getByText("Showing 1–3 of 3").waitFor();
    const rows = page.getByRole("table", { name: "Movements" }).locator("tbody tr");
    expect(await rows.filter({ hasText: "Received" }).count()).toBe(3);
    expect(await rows.filter({ hasText: `Invoice ${invoice}` }).count()).toBe(3);

    // The items screen: the quantities, and the tea's new unit price.
    await page.goto(`/wmscontrolpaneladmin/items?search=${prefix}`);
    const teaCard = page.getByRole("article", { name: `${tea.itemNo} ${tea.name}` });
    await teaCard.getByText("10 pieces").first().waitFor();
    await teaCard.getByText("AED 13.00").waitFor();
    const cupCard = page.getByRole("article", { name: `${cup.itemNo} ${cup.name}` });
    await cupCard.getByText("5 pieces").first().waitFor();

    // The same purchase twice is refused with the server's message, and New Purchase is on the items screen too.
    await page.getByRole("button", { name: "New Purchase" }).click();
    const again = page.getByRole("dialog", { name: "New Purchase" });
    await again.getByRole("textbox", { name: "Invoice Number", exact: true }).fill(invoice);
    await again.getByRole("textbox", { name: "Supplier Name", exact: true }).fill("Dubai Tea Traders");
    await pickSearchOption(again, page, "Item", cup.itemNo, new RegExp(`^${cup.itemNo}`));
    await again.getByRole("textbox", { name: "Quantity", exact: true }).fill("1");
    await pickSearchOption(again, page, "Storage location", a2, new RegExp(`^${a2}`));
    await again.getByRole("button", { name: "+ Add Item to Purchase" }).click();
    await again.getByRole("button", { name: "Complete Purchase" }).click();
    await again.getByText("This supplier's invoice has already been recorded as a purchase.").waitFor();
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "hidden" });
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
