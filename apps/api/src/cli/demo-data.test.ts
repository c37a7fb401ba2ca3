import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { expectLedgerConsistent } from "../../test/factories/stock.ts";
import { demoCatalog } from "./demo-catalog.ts";
import { DEMO_ACCOUNTS, DEMO_WAREHOUSES, seedDemoData } from "./demo-data.ts";

describe("the demo data set", async () => {
  const ctx = await createTestContext();

  it("fills an empty database once, through the services, with a consistent ledger", async () => {
    expect(await seedDemoData(ctx.db, ctx.config)).toBe(true);
    const counts = await ctx.db.execute<{
      users: number;
      warehouses: number;
      items: number;
      stocked: number;
    }>(sql`
      select (select count(*)::int from users) as users,
             (select count(*)::int from warehouses) as warehouses,
             (select count(*)::int from items) as items,
             (select count(distinct item_id)::int from stock_balances) as stocked`);
    const row = counts.rows[0];
    expect(row?.users).toBe(DEMO_ACCOUNTS.length);
    expect(row?.warehouses).toBe(DEMO_WAREHOUSES.length);
    expect(row?.items).toBe(demoCatalog().length);
    expect(row?.stocked).toBeGreaterThan(150);
    await expectLedgerConsistent(ctx);
    const history = await ctx.db.execute<{ purchases: number; types: number; days: number }>(sql`
      select (select count(*)::int from purchases) as purchases,
             (select count(distinct type)::int from stock_movements) as types,
             (select (max(occurred_at)::date - min(occurred_at)::date) from stock_movements) as days`);
    expect(history.rows[0]?.purchases).toBeGreaterThanOrEqual(25);
    expect(history.rows[0]?.types).toBe(4);
    expect(history.rows[0]?.days).toBeGreaterThanOrEqual(90);

    expect(await seedDemoData(ctx.db, ctx.config)).toBe(false);
    const again = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from items`);
    expect(again.rows[0]?.n).toBe(demoCatalog().length);
  }, 60_000);
});
