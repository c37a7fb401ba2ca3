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

/**
 * Money and quantity totals at the foot of reports are exact decimal sums, rounded half-up to 2
 * decimals: amounts whose sum has one decimal digit keep two (350.50, 12.10), amounts that binary
 * floats cannot hold (0.1 + 0.2, cents on nearly a hundred trillion dirhams) add up to the fils.
 *
 *   CUT  (0.50 AED/kg):  10 Jan received 1000; Feb: 2nd received 24.2 (12.10), 10th dispatched 560
 *                        (280.00), 11th dispatched 141 (70.50)
 *   DUST (1.00 AED/kg):  Feb: 3rd received 0.1 (0.10), 4th received 0.2 (0.20)
 *   GOLD (98,765,432,109.87 AED/kg): Feb: 5th received 1000, 6th received 0.009
 */
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const { cookie } = await signedInAs(ctx, { role: "admin" });
const warehouse = await createTestWarehouse(ctx, { name: "SUM", maxShelves: 1, sectionsPerShelf: 1 });
const a01 = await positionId(ctx, warehouse.id, "A", "01");
const cut = await createTestItem(ctx, { itemNo: "CUT", type: "TEA", unit: "kilogram", unitPrice: "0.50" });
const dust = await createTestItem(ctx, { itemNo: "DUST", type: "TEA", unit: "kilogram", unitPrice: "1.00" });
const gold = await createTestItem(ctx, {
  itemNo: "GOLD",
  type: "ASSETS",
  unit: "kilogram",
  unitPrice: "98765432109.87",
});
const dubaiNoon = (date: string) => new Date(`${date}T08:00:00Z`);
const receive = (itemId: number, quantity: string, date: string) =>
  writeStock(ctx, [{ type: "received", itemId, toLocationId: a01, quantity, occurredAt: dubaiNoon(date) }]);
const dispatch = (itemId: number, quantity: string, date: string) =>
  writeStock(ctx, [
    { type: "dispatched", itemId, fromLocationId: a01, quantity, occurredAt: dubaiNoon(date) },
  ]);

beforeAll(async () => {
  await receive(cut.id, "1000", "2026-01-10");
  await receive(cut.id, "24.2", "2026-02-02");
  await dispatch(cut.id, "560", "2026-02-10");
  await dispatch(cut.id, "141", "2026-02-11");
  await receive(dust.id, "0.1", "2026-02-03");
  await receive(dust.id, "0.2", "2026-02-04");
  await receive(gold.id, "1000", "2026-02-05");
  await receive(gold.id, "0.009", "2026-02-06");
  await expectLedgerConsistent(ctx);
});

async function report(type: string, query: string) {
  const response = await request(ctx.app, "GET", `/api/reports/${type}?${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("report totals are exact", () => {
  it("Single Item Summary keeps two decimals when the sum has one (280.00 + 70.50, 12.10)", async () => {
    const [days] = (await report("single-item-summary", `itemId=${cut.id}&month=2026-02`)).tables;
    expect(days.rows[9]).toMatchObject({ date: "2026-02-10", out: "560", outValue: "280.00" });
    expect(days.rows[10]).toMatchObject({ date: "2026-02-11", out: "141", outValue: "70.50" });
    expect(days.totals).toEqual([
      { date: "Total", in: "24.2", out: "701", inValue: "12.10", outValue: "350.50" },
    ]);
  });

  it("Single Item Summary adds amounts binary floats cannot hold", async () => {
    const [small] = (await report("single-item-summary", `itemId=${dust.id}&month=2026-02`)).tables;
    expect(small.totals).toEqual([{ date: "Total", in: "0.3", out: "0", inValue: "0.30", outValue: "0.00" }]);
    // 98,765,432,109,870.00 + 888,888,888.99: a sum of doubles answers ...758.98.
    const [large] = (await report("single-item-summary", `itemId=${gold.id}&month=2026-02`)).tables;
    expect(large.totals).toEqual([
      { date: "Total", in: "1000.009", out: "0", inValue: "98766320998758.99", outValue: "0.00" },
    ]);
    expect(large.rows[27]).toMatchObject({ closing: "1000.009", closingValue: "98766320998758.99" });
  });

  it("Inventory Summary and Valuation grand totals are the exact sum of the type totals", async () => {
    // CUT 323.2 kg x 0.50 = 161.60; DUST 0.3 kg x 1.00 = 0.30; GOLD 1000.009 kg = 98,766,320,998,758.99;
    // summing cents as doubles answers ...920.88.
    const expected = [
      { itemNo: "Total ASSETS", value: "98766320998758.99" },
      { itemNo: "Total TEA", value: "161.90" },
      { itemNo: "Total", value: "98766320998920.89" },
    ];
    const [summary] = (await report("inventory-summary", "end=2026-02-28")).tables;
    expect(summary.totals).toEqual(expected);
    const [valuation] = (await report("valuation", "end=2026-02-28")).tables;
    expect(valuation.totals).toEqual(expected.map((total) => ({ ...total, valueAtCost: total.value })));
    const [stock] = (await report("item-stock", "end=2026-02-28")).tables;
    expect(stock.totals).toEqual([{ itemNo: "Total", value: "98766320998920.89" }]);
  });
});
