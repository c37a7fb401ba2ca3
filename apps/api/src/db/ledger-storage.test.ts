import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";

const ctx = await createTestContext();

describe("the ledger's storage settings", () => {
  it("has autovacuum visit stock_movements after 1% of new rows, so reports keep their index-only scans", async () => {
    const result = await ctx.db.execute<{ options: string[] | null }>(sql`
      select reloptions as options from pg_class where oid = 'stock_movements'::regclass`);
    const options = result.rows[0]?.options ?? [];
    expect(options).toContain("autovacuum_vacuum_insert_scale_factor=0.01");
    expect(options).toContain("autovacuum_analyze_scale_factor=0.02");
  });
});
