import type { ReportType } from "@wms/domain";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  positionId,
  writeStock,
} from "../../../test/factories/stock.ts";
import type { DbOrTx } from "../../db/client.ts";
import { buildReport } from "./reports.service.ts";

/**
 * A report reads one snapshot. The report is built over a database handle that, after every query the
 * report runs, records a movement through another connection and commits it. A report whose queries
 * each took their own snapshot would then show rows that disagree with its own totals, and a month's
 * movements that disagree with its days; reading one REPEATABLE READ snapshot, it agrees with itself.
 * The same hook reads the settings of the report's own session between its queries.
 */
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const warehouse = await createTestWarehouse(ctx, { maxShelves: 1, sectionsPerShelf: 1 });
const a01 = await positionId(ctx, warehouse.id, "A", "01");
const item = await createTestItem(ctx, { itemNo: "SNAP", type: "TEA", unit: "kilogram", unitPrice: "1.25" });
const inFebruary = new Date("2026-02-10T08:00:00Z");
await writeStock(ctx, [
  {
    type: "received",
    itemId: item.id,
    toLocationId: a01,
    quantity: "1",
    occurredAt: new Date("2026-01-10T08:00:00Z"),
  },
]);

interface Settings {
  isolation: string;
  readOnly: string;
  /** Whether work_mem is the server's own: a report does not raise it (see buildReport). */
  serverWorkMem: string;
}
const SNAPSHOT: Settings = { isolation: "repeatable read", readOnly: "on", serverWorkMem: "true" };

/** `target` with `after` run once each query it executes has answered (in transactions too). */
function withHook<T extends DbOrTx>(target: T, after: (executor: DbOrTx) => Promise<void>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== "function") {
        return value;
      }
      if (property === "execute") {
        return async (...args: unknown[]) => {
          const result = await value.apply(object, args);
          await after(object);
          return result;
        };
      }
      if (property === "transaction") {
        return (work: (tx: DbOrTx) => Promise<unknown>, config: unknown) =>
          value.call(object, (tx: DbOrTx) => work(withHook(tx, after)), config);
      }
      return value.bind(object);
    },
  });
}

/** Builds a report while a movement of one kilogram is recorded after each of its queries. */
async function reportUnderWrites(type: ReportType, request: Record<string, string | number>) {
  const settings: Settings[] = [];
  let written = 0;
  const db = withHook(ctx.db, async (executor) => {
    const result = await executor.execute<Record<string, string>>(sql`
      select current_setting('transaction_isolation') as isolation,
             current_setting('transaction_read_only') as "readOnly",
             (setting = reset_val)::text as "serverWorkMem"
      from pg_settings where name = 'work_mem'`);
    const row = result.rows[0];
    if (row) {
      settings.push({
        isolation: row.isolation ?? "",
        readOnly: row.readOnly ?? "",
        serverWorkMem: row.serverWorkMem ?? "",
      });
    }
    await writeStock(ctx, [
      { type: "received", itemId: item.id, toLocationId: a01, quantity: "1", occurredAt: inFebruary },
    ]);
    written += 1;
  });
  const report = await buildReport({ db, config: ctx.config, clock: ctx.clock }, type, request, 2_000);
  return { report, settings, written };
}

const cents = (amount: unknown) => {
  const [whole = "0", fraction = ""] = String(amount).split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
};

describe("a report reads one snapshot", () => {
  it.each<[ReportType, Record<string, string>]>([
    ["inventory-summary", { end: "2026-02-28" }],
    ["valuation", { end: "2026-02-28" }],
  ])("%s: the rows add up to the totals while movements land between its queries", async (type, request) => {
    const { report, settings, written } = await reportUnderWrites(type, request);
    expect(written).toBeGreaterThanOrEqual(3);
    const [table] = report.tables;
    const rowsValue = (table?.rows ?? []).reduce((sum, row) => sum + cents(row.value), 0n);
    expect(rowsValue).toBeGreaterThan(0n);
    expect(String(table?.totals.at(-1)?.value)).toBe(
      `${rowsValue / 100n}.${String(rowsValue % 100n).padStart(2, "0")}`,
    );
    expect(settings.length).toBeGreaterThan(0);
    expect(settings).toEqual(settings.map(() => SNAPSHOT));
  });

  it("Single Item Summary: the month's movements are the ones its days count", async () => {
    const { report, settings, written } = await reportUnderWrites("single-item-summary", {
      itemId: item.id,
      month: "2026-02",
    });
    expect(written).toBeGreaterThanOrEqual(3);
    const [days, movements] = report.tables;
    const received = (movements?.rows ?? []).filter((row) => row.type === "Received");
    expect(received.length).toBeGreaterThan(0);
    expect(days?.totals[0]?.in).toBe(String(received.length));
    expect(days?.rows[0]?.opening).toBe("1");
    expect(days?.rows.at(-1)?.closing).toBe(received.at(-1)?.balanceAfter);
    expect(settings).toEqual(settings.map(() => SNAPSHOT));
  });
});
