import {
  CSV_BOM,
  type ReportColumn,
  type ReportResponse,
  type ReportTable,
  type ReportType,
} from "@wms/domain";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  writeStock,
} from "../../../test/factories/stock.ts";
import { signedInAs } from "../../../test/factories/users.ts";
import { request } from "../../../test/http.ts";
import { deleteMovement } from "../movements/movements.service.ts";
import { createPurchase } from "../purchases/purchases.service.ts";

/**
 * A small fixed ledger whose reports are computed by hand (business time zone Asia/Dubai, UTC+4):
 *   05 Jan 10:00  TEA received 100 at A01 (opening stock, no purchase)
 *   20 Jan        purchase P1 (recorded later, backdated): TEA 50 at B01 at 12.00 -> noon
 *   03 Feb 09:00  TEA moved 30 A01 -> B01
 *   10 Feb 15:00  TEA dispatched 20 from B01 (reason "=1+2 damaged", a formula to a spreadsheet)
 *   15 Feb 11:00  TEA adjusted, decrease 5 at A01
 *   16 Feb 11:00  BOX received 40 at A01, then deleted (left out of every report)
 *   20 Feb        purchase P2: BOX 10 at B01 at 3.00
 *   05 Mar        purchase P3: TEA 25 at A01 at 14.00 (so TEA's current price is 14.00, BOX's 3.00)
 * BOX is named "=Gift box": every export must keep a spreadsheet from running it as a formula.
 */
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const { user: admin, cookie } = await signedInAs(ctx, { role: "admin", name: "Report Admin" });
const sessionUser = {
  id: admin.id,
  name: admin.name,
  email: admin.email,
  role: "admin" as const,
  mustChangePassword: false,
  language: "en" as const,
};
const warehouse = await createTestWarehouse(ctx, { name: "RPT", maxShelves: 2, sectionsPerShelf: 1 });
const a01 = await positionId(ctx, warehouse.id, "A", "01");
const b01 = await positionId(ctx, warehouse.id, "B", "01");
const tea = await createTestItem(ctx, {
  itemNo: "TEA",
  name: "Black tea",
  type: "TEA",
  unit: "kilogram",
  unitPrice: "10",
});
const box = await createTestItem(ctx, {
  itemNo: "BOX",
  name: "=Gift box",
  type: "FINISHED",
  unit: "box",
  unitPrice: "2.5",
});
const dubai = (date: string, hour: number) => new Date(`${date}T${String(hour - 4).padStart(2, "0")}:00:00Z`);
const purchase = (
  invoiceNumber: string,
  date: string,
  itemId: number,
  locationId: number,
  quantity: string,
  unitPrice: string,
) =>
  createPurchase(
    ctx,
    {
      invoiceNumber,
      date,
      supplierName: "Leaf Co",
      notes: "",
      lines: [{ itemId, unitPrice, allocations: [{ locationId, quantity }] }],
    },
    sessionUser,
    { userId: admin.id, requestId: null },
    null,
  );

beforeAll(async () => {
  await writeStock(ctx, [
    {
      type: "received",
      itemId: tea.id,
      toLocationId: a01,
      quantity: "100",
      occurredAt: dubai("2026-01-05", 10),
    },
  ]);
  await writeStock(ctx, [
    {
      type: "moved",
      itemId: tea.id,
      fromLocationId: a01,
      toLocationId: b01,
      quantity: "30",
      occurredAt: dubai("2026-02-03", 9),
    },
  ]);
  await purchase("P1", "2026-01-20", tea.id, b01, "50", "12.00");
  await writeStock(ctx, [
    {
      type: "dispatched",
      itemId: tea.id,
      fromLocationId: b01,
      quantity: "20",
      reason: "=1+2 damaged",
      occurredAt: dubai("2026-02-10", 15),
    },
  ]);
  await writeStock(ctx, [
    {
      type: "adjusted",
      adjustment: "decrease",
      itemId: tea.id,
      fromLocationId: a01,
      quantity: "5",
      occurredAt: dubai("2026-02-15", 11),
    },
  ]);
  const [deleted] = await writeStock(ctx, [
    {
      type: "received",
      itemId: box.id,
      toLocationId: a01,
      quantity: "40",
      occurredAt: dubai("2026-02-16", 11),
    },
  ]);
  await deleteMovement(ctx, deleted ?? 0, sessionUser, { userId: admin.id, requestId: null });
  await purchase("P2", "2026-02-20", box.id, b01, "10", "3.00");
  await purchase("P3", "2026-03-05", tea.id, a01, "25", "14.00");
  await expectLedgerConsistent(ctx);
});

async function report(type: string, query: string) {
  const response = await request(ctx.app, "GET", `/api/reports/${type}?${query}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const pick = (rows: Array<Record<string, unknown>>, keys: string[]) =>
  rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));

describe("reports over a hand-computed ledger", () => {
  it("Stock for Period: opening, in, out, closing per item and location, valued at current prices", async () => {
    const result = await report("stock-for-period", "start=2026-02-01&end=2026-02-28");
    const [stock] = result.tables;
    expect(
      pick(stock.rows, ["itemNo", "location", "opening", "in", "out", "closing", "closingValue"]),
    ).toEqual([
      {
        itemNo: "BOX",
        location: "RPTB01",
        opening: "0",
        in: "10",
        out: "0",
        closing: "10",
        closingValue: "30.00",
      },
      {
        itemNo: "TEA",
        location: "RPTA01",
        opening: "100",
        in: "0",
        out: "35",
        closing: "65",
        closingValue: "910.00",
      },
      {
        itemNo: "TEA",
        location: "RPTB01",
        opening: "50",
        in: "30",
        out: "20",
        closing: "60",
        closingValue: "840.00",
      },
    ]);
    expect(stock.totals).toEqual([
      {
        itemNo: "Total",
        openingValue: "2100.00",
        inValue: "450.00",
        outValue: "770.00",
        closingValue: "1780.00",
      },
    ]);
  });

  it("Item Stock (Detailed) at the end date, with the last movement date", async () => {
    const [stock] = (await report("item-stock", "end=2026-02-28")).tables;
    expect(pick(stock.rows, ["itemNo", "type", "location", "quantity", "unitPrice", "value"])).toEqual([
      {
        itemNo: "BOX",
        type: "FINISHED",
        location: "RPTB01",
        quantity: "10",
        unitPrice: "3.00",
        value: "30.00",
      },
      { itemNo: "TEA", type: "TEA", location: "RPTA01", quantity: "65", unitPrice: "14.00", value: "910.00" },
      { itemNo: "TEA", type: "TEA", location: "RPTB01", quantity: "60", unitPrice: "14.00", value: "840.00" },
    ]);
    expect(stock.rows[1].lastMovement).toBe("2026-02-15T07:00:00+00:00");
    expect(stock.totals).toEqual([{ itemNo: "Total", value: "1780.00" }]);
    const [january] = (await report("item-stock", "end=2026-01-31")).tables;
    expect(pick(january.rows, ["itemNo", "location", "quantity"])).toEqual([
      { itemNo: "TEA", location: "RPTA01", quantity: "100" },
      { itemNo: "TEA", location: "RPTB01", quantity: "50" },
    ]);
  });

  it("Inventory Summary per item with totals by type", async () => {
    const [summary] = (await report("inventory-summary", "end=2026-02-28")).tables;
    expect(pick(summary.rows, ["itemNo", "quantity", "value", "locations", "lowStock"])).toEqual([
      { itemNo: "BOX", quantity: "10", value: "30.00", locations: 1, lowStock: false },
      { itemNo: "TEA", quantity: "125", value: "1750.00", locations: 2, lowStock: false },
    ]);
    expect(summary.totals).toEqual([
      { itemNo: "Total FINISHED", value: "30.00" },
      { itemNo: "Total TEA", value: "1750.00" },
      { itemNo: "Total", value: "1780.00" },
    ]);
  });

  it("Valuation: current price, and average purchase cost weighted over purchases up to the date", async () => {
    const [february] = (await report("valuation", "end=2026-02-28")).tables;
    expect(pick(february.rows, ["itemNo", "quantity", "value", "averageCost", "valueAtCost"])).toEqual([
      { itemNo: "BOX", quantity: "10", value: "30.00", averageCost: "3.00", valueAtCost: "30.00" },
      { itemNo: "TEA", quantity: "125", value: "1750.00", averageCost: "12.00", valueAtCost: "1500.00" },
    ]);
    const [march] = (await report("valuation", "end=2026-03-31")).tables;
    expect(pick(march.rows, ["itemNo", "quantity", "averageCost", "valueAtCost"])[1]).toEqual({
      itemNo: "TEA",
      quantity: "150",
      averageCost: "12.67",
      valueAtCost: "1900.00",
    });
    expect(march.totals.at(-1)).toEqual({ itemNo: "Total", value: "2130.00", valueAtCost: "1930.00" });
  });

  it("Movement History: each leg with the balance of its item at its location after it", async () => {
    const [history] = (await report("movement-history", "start=2026-02-01&end=2026-02-28")).tables;
    expect(pick(history.rows, ["type", "itemNo", "location", "in", "out", "balanceAfter"])).toEqual([
      { type: "Moved", itemNo: "TEA", location: "RPTA01", in: "0", out: "30", balanceAfter: "70" },
      { type: "Moved", itemNo: "TEA", location: "RPTB01", in: "30", out: "0", balanceAfter: "80" },
      { type: "Dispatched", itemNo: "TEA", location: "RPTB01", in: "0", out: "20", balanceAfter: "60" },
      {
        type: "Adjusted (decrease)",
        itemNo: "TEA",
        location: "RPTA01",
        in: "0",
        out: "5",
        balanceAfter: "65",
      },
      { type: "Received", itemNo: "BOX", location: "RPTB01", in: "10", out: "0", balanceAfter: "10" },
    ]);
    expect(history.rows[4]).toMatchObject({
      invoice: "P2",
      supplier: "Leaf Co",
      date: "2026-02-20T08:00:00+00:00",
    });
  });

  it("Single Item Summary: each day of the month, moves neither in nor out", async () => {
    const result = await report("single-item-summary", `itemId=${tea.id}&month=2026-02`);
    const [days, movements] = result.tables;
    expect(days.rows).toHaveLength(28);
    expect(days.rows[0]).toMatchObject({ date: "2026-02-01", opening: "150", closing: "150" });
    expect(days.rows[9]).toMatchObject({
      date: "2026-02-10",
      opening: "150",
      out: "20",
      closing: "130",
      outValue: "280.00",
    });
    expect(days.rows[14]).toMatchObject({ date: "2026-02-15", opening: "130", out: "5", closing: "125" });
    expect(days.rows[27]).toMatchObject({ date: "2026-02-28", closing: "125", closingValue: "1750.00" });
    expect(days.totals).toEqual([{ date: "Total", in: "0", out: "25", inValue: "0.00", outValue: "350.00" }]);
    expect(movements.rows).toHaveLength(4);
    const missing = await request(ctx.app, "GET", "/api/reports/single-item-summary?month=2026-02", {
      cookie,
    });
    expect(missing.statusCode).toBe(400);
  });

  it("exports each report as CSV and refuses bad periods and staff", async () => {
    const response = await request(
      ctx.app,
      "GET",
      "/api/reports/stock-for-period/csv?start=2026-02-01&end=2026-02-28",
      { cookie },
    );
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="Stock_for_Period_2026-02-01_to_2026-02-28.csv"',
    );
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe(
      '\uFEFF"Item Number","Name","Type","Unit","Warehouse","Location","Opening","In","Out","Closing","Unit Price (AED)","Opening Value (AED)","In Value (AED)","Out Value (AED)","Closing Value (AED)"',
    );
    expect(lines[2]).toContain(
      '"TEA","Black tea","TEA","kilogram","RPT","RPTA01","100","0","35","65","14.00","1400.00","0.00","490.00","910.00"',
    );
    expect(lines[4]).toContain('"Total"');
    const reversed = await request(ctx.app, "GET", "/api/reports/valuation?start=2026-03-01&end=2026-02-01", {
      cookie,
    });
    expect(reversed.statusCode).toBe(400);
    const { cookie: staffCookie } = await signedInAs(ctx, { role: "staff" });
    expect(
      (await request(ctx.app, "GET", "/api/reports/valuation", { cookie: staffCookie })).statusCode,
    ).toBe(403);
    const count = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stock_movements where deleted_at is not null`,
    );
    expect(count.rows[0]?.n).toBe(1);
  });
});

/** A report's CSV export, parsed back: one section (title row, if any, then header, rows, totals) per table. */
async function csvSections(type: ReportType, query: string) {
  const response = await request(ctx.app, "GET", `/api/reports/${type}/csv?${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  const body = response.body;
  expect(body.startsWith(CSV_BOM)).toBe(true);
  expect(body.slice(CSV_BOM.length).startsWith(CSV_BOM)).toBe(false);
  const parsed = Papa.parse<string[]>(body.slice(CSV_BOM.length), { header: false, skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  // Each table ends with a line break and tables are separated by an empty line.
  const sections: string[][][] = [[]];
  for (const row of parsed.data) {
    if (row.length === 1 && row[0] === "") {
      sections.push([]);
    } else {
      sections.at(-1)?.push(row);
    }
  }
  return sections.filter((section) => section.length > 0);
}

/**
 * The cells a table should export: header, rows, then totals, every value as its text. Text cells
 * (not quantities or amounts) that a spreadsheet would run as a formula carry a leading apostrophe.
 */
function expectedCells(table: ReportTable): string[][] {
  const cell = (column: ReportColumn, value: unknown) => {
    if (value === null || value === undefined) {
      return "";
    }
    const text = String(value);
    const numeric = column.kind === "quantity" || column.kind === "money";
    return !numeric && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  };
  return [
    table.columns.map((column) => column.label),
    ...[...table.rows, ...table.totals].map((row) =>
      table.columns.map((column) => cell(column, row[column.key])),
    ),
  ];
}

describe("CSV exports parse back to the report's rows", () => {
  it.each<[ReportType, string, string]>([
    ["item-stock", "end=2026-02-28", "'=Gift box"],
    ["inventory-summary", "end=2026-02-28", "'=Gift box"],
    ["movement-history", "start=2026-02-01&end=2026-02-28", "'=Gift box"],
    ["valuation", "end=2026-03-31", "'=Gift box"],
    ["stock-for-period", "start=2026-02-01&end=2026-02-28", "'=Gift box"],
  ])("%s", async (type, query, neutralised) => {
    const json = (await report(type, query)) as ReportResponse;
    const [table] = json.tables;
    if (!table) {
      throw new Error(`${type} has no table`);
    }
    expect(table.rows.length).toBeGreaterThan(0);
    const sections = await csvSections(type, query);
    expect(sections).toHaveLength(1);
    expect(sections[0]).toEqual(expectedCells(table));
    const cells = sections.flat(2);
    expect(cells).toContain(neutralised);
    expect(cells).not.toContain(neutralised.slice(1));
  });

  it("single-item-summary: the days and the month's movements, each under its title", async () => {
    const query = `itemId=${tea.id}&month=2026-02`;
    const json = (await report("single-item-summary", query)) as ReportResponse;
    const [days, movements] = json.tables;
    if (!days || !movements) {
      throw new Error("single-item-summary has two tables");
    }
    expect(days.rows).toHaveLength(28);
    expect(movements.rows).toHaveLength(4);
    const sections = await csvSections("single-item-summary", query);
    expect(sections).toEqual([
      [["TEA Black tea (kilogram), 2026-02"], ...expectedCells(days)],
      [["Movements of the month"], ...expectedCells(movements)],
    ]);
    const dispatched = sections[1]?.find((row) => row.includes("Dispatched"));
    expect(dispatched).toContain("'=1+2 damaged");
    expect(sections[0]?.at(-1)).toEqual(["Total", "", "0", "25", "", "", "0.00", "350.00", ""]);
  });
});
