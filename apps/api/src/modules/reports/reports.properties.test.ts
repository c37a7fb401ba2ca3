import { describe, expect, it } from "vitest";
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
 * Property test: for random ledgers (random types, quantities, locations and backdated times), the
 * reports agree with each other: one period's closing is the next period's opening, Stock for
 * Period's closing equals Item Stock at the end date, Movement History's balances run from each
 * location's opening to its closing, and Valuation's total equals Item Stock's.
 */
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const { cookie } = await signedInAs(ctx, { role: "admin" });

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function rows(type: string, query: string) {
  const response = await request(ctx.app, "GET", `/api/reports/${type}?${query}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json().tables[0] as {
    rows: Array<Record<string, string>>;
    totals: Array<Record<string, string>>;
  };
}

const keyOf = (row: Record<string, string>) => `${row.itemNo}@${row.location}`;

describe("report properties over random ledgers", () => {
  it.each([11, 29, 47])("hold for the ledger of seed %i", async (seed) => {
    const random = seeded(seed);
    const warehouse = await createTestWarehouse(ctx, { maxShelves: 2, sectionsPerShelf: 2 });
    const positions = [
      await positionId(ctx, warehouse.id, "A", "01"),
      await positionId(ctx, warehouse.id, "A", "02"),
      await positionId(ctx, warehouse.id, "B", "01"),
      await positionId(ctx, warehouse.id, "B", "02"),
    ];
    const items = await Promise.all(
      [1, 2, 3].map((n) =>
        createTestItem(ctx, { itemNo: `P${seed}-${n}`, unit: "kilogram", unitPrice: (n * 3.7).toFixed(2) }),
      ),
    );
    const at = () => new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 90 * 86_400_000));
    for (const item of items) {
      for (const location of positions) {
        await writeStock(ctx, [
          { type: "received", itemId: item.id, toLocationId: location, quantity: "500", occurredAt: at() },
        ]);
      }
    }
    for (let n = 0; n < 60; n += 1) {
      const item = items[Math.floor(random() * items.length)] ?? items[0];
      const from = positions[Math.floor(random() * positions.length)] ?? 0;
      const to = positions[(positions.indexOf(from) + 1 + Math.floor(random() * 3)) % positions.length] ?? 0;
      const quantity = (1 + random() * 20).toFixed(3);
      const roll = random();
      const change =
        roll < 0.3
          ? { type: "received" as const, toLocationId: to }
          : roll < 0.6
            ? { type: "moved" as const, fromLocationId: from, toLocationId: to }
            : roll < 0.85
              ? { type: "dispatched" as const, fromLocationId: from }
              : {
                  type: "adjusted" as const,
                  adjustment: random() < 0.5 ? ("increase" as const) : ("decrease" as const),
                  ...(random() < 0.5 ? { toLocationId: to } : { fromLocationId: from }),
                };
      const shaped =
        change.type === "adjusted"
          ? change.adjustment === "increase"
            ? { type: "adjusted" as const, adjustment: "increase" as const, toLocationId: to }
            : { type: "adjusted" as const, adjustment: "decrease" as const, fromLocationId: from }
          : change;
      await writeStock(ctx, [{ ...shaped, itemId: item?.id ?? 0, quantity, occurredAt: at() }]);
    }
    await expectLedgerConsistent(ctx);

    const mine = (table: { rows: Array<Record<string, string>> }) =>
      table.rows.filter((row) => String(row.itemNo).startsWith(`P${seed}-`));
    const january = mine(await rows("stock-for-period", "start=2026-01-01&end=2026-01-31"));
    const february = mine(await rows("stock-for-period", "start=2026-02-01&end=2026-02-28"));
    const februaryOpening = new Map(february.map((row) => [keyOf(row), row.opening]));
    for (const row of january) {
      expect(februaryOpening.get(keyOf(row)) ?? "0").toBe(row.closing);
    }
    const stockAtEnd = mine(await rows("item-stock", "end=2026-02-28"));
    const closing = new Map(
      february.filter((row) => row.closing !== "0").map((row) => [keyOf(row), row.closing]),
    );
    expect(new Map(stockAtEnd.map((row) => [keyOf(row), row.quantity]))).toEqual(closing);

    // Movement History: each pair's legs chain from its opening to its closing, leg by leg.
    const history = mine(await rows("movement-history", "start=2026-02-01&end=2026-02-28"));
    const running = new Map(february.map((row) => [keyOf(row), Number(row.opening)]));
    for (const leg of history) {
      const before = running.get(keyOf(leg)) ?? 0;
      const after = before + Number(leg.in) - Number(leg.out);
      expect(Number(leg.balanceAfter)).toBeCloseTo(after, 3);
      running.set(keyOf(leg), after);
    }
    for (const row of february) {
      expect(running.get(keyOf(row))).toBeCloseTo(Number(row.closing), 3);
    }

    const allStock = await rows("item-stock", "end=2026-03-31");
    const valuation = await rows("valuation", "end=2026-03-31");
    expect(valuation.totals.at(-1)?.value).toBe(allStock.totals.at(-1)?.value);
    const summary = await rows("inventory-summary", "end=2026-03-31");
    expect(summary.totals.at(-1)?.value).toBe(allStock.totals.at(-1)?.value);
  });
});
