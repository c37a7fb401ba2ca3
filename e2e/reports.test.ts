import { DEFAULT_TIME_ZONE, todayIn } from "@wms/domain";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { createItem, createWarehouse, recordMovement, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { downloadCsv } from "./csv.ts";
import { expectPath, selectOption, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();

/** Every row of a rendered report table (header, body and totals), as the text of its cells. */
async function tableCells(table: Locator): Promise<string[][]> {
  return table.evaluate((element) =>
    Array.from((element as HTMLTableElement).rows, (row) =>
      Array.from(row.cells, (cell) => cell.innerText.replace(/\s+/g, " ").trim()),
    ),
  );
}

/** "AED 1,234.50" or "1,234.5" as a number; null for anything else. */
function shownNumber(text: string): number | null {
  const plain = text.replace(/^AED\s*/, "").replaceAll(",", "");
  return plain !== "" && /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : null;
}

/** Downloads the generated report through Export CSV and parses it. */
function exportCsv(page: Page): Promise<{ fileName: string; rows: string[][] }> {
  return downloadCsv(page, page.getByRole("button", { name: "Export CSV" }));
}

/**
 * The CSV carries the table as shown: the same header, and row for row the same figures (amounts and
 * quantities as plain numbers) and the same text; date-times are formatted on screen, so only their
 * presence is compared.
 */
function expectCsvMatchesTable(csv: string[][], shown: string[][], dateTimeColumns: number[] = []) {
  expect(csv[0]).toEqual(shown[0]);
  expect(csv.length).toBe(shown.length);
  for (let r = 1; r < shown.length; r += 1) {
    const screenRow = shown[r] ?? [];
    const csvRow = csv[r] ?? [];
    expect(csvRow.length).toBe(screenRow.length);
    screenRow.forEach((text, c) => {
      const value = csvRow[c] ?? "";
      if (dateTimeColumns.includes(c)) {
        expect(value === "").toBe(text === "");
      } else if (shownNumber(text) !== null) {
        expect(Number(value)).toBe(shownNumber(text));
      } else {
        // Product-decisions 17: a text cell a spreadsheet would run as a formula carries a leading '.
        expect(value.replace(/^'(?=[=+\-@\t\r])/, "")).toBe(text);
      }
    });
  }
}

function rowOf(cells: string[][], first: string, location?: string): string[] {
  const row = cells.find(
    (candidate) => candidate[0] === first && (!location || candidate.includes(location)),
  );
  if (!row) {
    throw new Error(`no row for ${first} ${location ?? ""}`);
  }
  return row;
}

async function search(page: Page) {
  await page.getByRole("button", { name: "Search" }).click();
}

describe("[REPORTS] Inventory Reports", () => {
  it("generates Stock for Period and Valuation from the ledger and exports each as the CSV shown", async () => {
    // A small ledger: a received, a move, a dispatch and an adjustment of one item; a decimal item.
    const prefix = uniquePrefix("RP");
    const warehouse = await createWarehouse(prefix);
    const tea = await createItem({
      itemNo: `${prefix}-TEA`,
      name: `Green Tea ${prefix}`,
      unitPrice: "12.50",
    });
    const salt = await createItem({
      itemNo: `${prefix}-SALT`,
      name: `Sea Salt ${prefix}`,
      unit: "kilogram",
      unitPrice: "7.25",
    });
    const [a01, a02, b01] = [`${warehouse.name}A01`, `${warehouse.name}A02`, `${warehouse.name}B01`];
    await recordMovement({ type: "received", itemId: tea.id, quantity: "40", to: a01, reason: "Opening" });
    await recordMovement({
      type: "moved",
      itemId: tea.id,
      quantity: "15",
      from: a01,
      to: b01,
      reason: "Split",
    });
    await recordMovement({ type: "dispatched", itemId: tea.id, quantity: "5", from: a01, reason: "Order" });
    await recordMovement({
      type: "adjusted",
      adjustment: "increase",
      itemId: tea.id,
      quantity: "2",
      to: b01,
      reason: "Count",
    });
    await recordMovement({ type: "received", itemId: salt.id, quantity: "10.5", to: a02, reason: "Opening" });
    await recordMovement({
      type: "dispatched",
      itemId: salt.id,
      quantity: "0.25",
      from: a02,
      reason: "Order",
    });

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Reports" }).click();
    await expectPath(page, "/wmscontrolpaneladmin/reports");
    await page.getByRole("heading", { level: 1, name: "Inventory Reports" }).waitFor();

    // Before Search: the notice, Export CSV disabled, and Search asks for a type first.
    await page
      .getByText("Choose a report type and a period, then press Search to generate the report.")
      .waitFor();
    expect(await page.getByRole("button", { name: "Export CSV" }).isDisabled()).toBe(true);
    await search(page);
    await page.getByText("Choose a report type", { exact: true }).waitFor();

    // All six reports are offered.
    await page.getByRole("combobox", { name: "Report Type", exact: true }).click();
    expect(await page.getByRole("option").allInnerTexts()).toEqual([
      "Item Stock (Detailed)",
      "Inventory Summary",
      "Movement History",
      "Valuation",
      "Single Item Summary",
      "Stock for Period",
    ]);
    await page.getByRole("option", { name: "Single Item Summary", exact: true }).click();
    await page.getByText("Choose an item and a month, then press Search to generate the report.").waitFor();

    // Changing one date past the other sets both equal.
    await selectOption(page, page, "Report Type", "Stock for Period");
    const start = page.getByLabel("Start Date", { exact: true });
    const end = page.getByLabel("End Date", { exact: true });
    const today = todayIn(DEFAULT_TIME_ZONE);
    await end.fill("2020-01-15");
    expect(await start.inputValue()).toBe("2020-01-15");
    await start.fill(today);
    expect(await end.inputValue()).toBe(today);
    await start.fill(`${today.slice(0, 8)}01`);

    // Stock for Period: each item x location's opening, in, out and closing over the month so far.
    await search(page);
    await page.waitForURL((url) => url.searchParams.get("type") === "stock-for-period");
    const stockTable = page.getByRole("table", { name: "Stock for Period" });
    await stockTable.getByText(tea.itemNo).first().waitFor();
    let cells = await tableCells(stockTable);
    const stockHeader = cells[0] ?? [];
    expect(stockHeader).toEqual([
      "Item Number",
      "Name",
      "Type",
      "Unit",
      "Warehouse",
      "Location",
      "Opening",
      "In",
      "Out",
      "Closing",
      "Unit Price (AED)",
      "Opening Value (AED)",
      "In Value (AED)",
      "Out Value (AED)",
      "Closing Value (AED)",
    ]);
    const pick = (row: string[], ...labels: string[]) =>
      labels.map((label) => row[stockHeader.indexOf(label)]);
    const figures = ["Opening", "In", "Out", "Closing", "Closing Value (AED)"];
    expect(pick(rowOf(cells, tea.itemNo, a01), ...figures)).toEqual(["0", "40", "20", "20", "AED 250.00"]);
    expect(pick(rowOf(cells, tea.itemNo, b01), ...figures)).toEqual(["0", "17", "0", "17", "AED 212.50"]);
    expect(pick(rowOf(cells, salt.itemNo, a02), ...figures)).toEqual([
      "0",
      "10.5",
      "0.25",
      "10.25",
      "AED 74.31",
    ]);
    expect(rowOf(cells, tea.itemNo, a01)[stockHeader.indexOf("Warehouse")]).toBe(warehouse.name);
    const stockTotal = rowOf(cells, "Total");
    expect(stockTotal[stockHeader.indexOf("Closing Value (AED)")]).toMatch(/^AED [\d,]+\.\d\d$/);

    // Its CSV is the table as shown.
    const stockCsv = await exportCsv(page);
    expect(stockCsv.fileName).toBe(`Stock_for_Period_${today.slice(0, 8)}01_to_${today}.csv`);
    expectCsvMatchesTable(stockCsv.rows, cells);

    // A changed selection does not regenerate until Search.
    await selectOption(page, page, "Report Type", "Valuation");
    await page.getByText("The selection has changed. Press Search to update the report.").waitFor();
    expect(await stockTable.isVisible()).toBe(true);

    // Valuation, as of today: per item quantity, unit price and value; never purchased, so the value
    // at average cost falls back to the current price.
    await search(page);
    const valuationTable = page.getByRole("table", { name: "Valuation" });
    await valuationTable.getByText(tea.itemNo).waitFor();
    cells = await tableCells(valuationTable);
    const valuationHeader = cells[0] ?? [];
    expect(valuationHeader).toEqual([
      "Item Number",
      "Name",
      "Type",
      "Unit",
      "Quantity",
      "Unit Price (AED)",
      "Value (AED)",
      "Average Purchase Cost (AED)",
      "Value at Average Cost (AED)",
    ]);
    const valuation = (itemNo: string) => {
      const row = rowOf(cells, itemNo);
      return ["Name", "Quantity", "Unit Price (AED)", "Value (AED)", "Value at Average Cost (AED)"].map(
        (label) => row[valuationHeader.indexOf(label)],
      );
    };
    expect(valuation(tea.itemNo)).toEqual([tea.name, "37", "AED 12.50", "AED 462.50", "AED 462.50"]);
    expect(valuation(salt.itemNo)).toEqual([salt.name, "10.25", "AED 7.25", "AED 74.31", "AED 74.31"]);
    // Totals by type at the foot, and the overall total, in bold.
    const rawTotal = rowOf(cells, "Total RAW MATERIAL");
    const total = rowOf(cells, "Total");
    expect(shownNumber(total[valuationHeader.indexOf("Value (AED)")] ?? "")).toBeGreaterThanOrEqual(536.81);
    expect(shownNumber(rawTotal[valuationHeader.indexOf("Value (AED)")] ?? "")).toBeGreaterThanOrEqual(
      536.81,
    );
    expect(
      await valuationTable
        .locator("tfoot td")
        .first()
        .evaluate((cell) => getComputedStyle(cell).fontWeight),
    ).toBe("700");

    // The value by item type chart.
    const chart = page.getByRole("figure", { name: "Value by item type" });
    // A type whose stock is worth nothing (items without a price, from other tests) has a bar of no
    // width, which is hidden: wait for one that shows.
    await chart.locator(".recharts-bar-rectangle").filter({ visible: true }).first().waitFor();

    const valuationCsv = await exportCsv(page);
    expect(valuationCsv.fileName).toBe(`Valuation_as_of_${today}.csv`);
    expectCsvMatchesTable(valuationCsv.rows, cells);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
