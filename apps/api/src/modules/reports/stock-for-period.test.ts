import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  writeStock,
} from "../../../test/factories/stock.ts";
import type { Tx } from "../../db/client.ts";
import { flushChangeEvents } from "../events/change-publisher.ts";
import { inReportSnapshot } from "./report-transaction.ts";
import { type Period, stockForPeriodRows } from "./reports.repository.ts";
import { buildReport } from "./reports.service.ts";
import { type Split, splitPositions, stockForPeriodInParts } from "./stock-for-period.ts";

/**
 * Stock for Period in two parts (decision 029): for every cut of the positions and pages that end
 * inside an item's positions, the merged parts are the whole statement's rows and totals; the second
 * part reads the report's snapshot; a report never waits for a second connection.
 */
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
afterAll(() => expectLedgerConsistent(ctx));

/** Business-zone (UTC+4) February 2026. */
const FEBRUARY: Period = { start: new Date("2026-01-31T20:00:00Z"), end: new Date("2026-02-28T20:00:00Z") };
const at = (day: string) => new Date(`${day}T08:00:00Z`);

const warehouse = await createTestWarehouse(ctx, { maxShelves: 2, sectionsPerShelf: 3 });
const positions: number[] = [];
for (const shelf of ["A", "B"]) {
  for (const section of ["01", "02", "03"]) {
    positions.push(await positionId(ctx, warehouse.id, shelf, section));
  }
}
positions.sort((a, b) => a - b);
// Item numbers whose order differs from their case, so the merged page follows lower(item_no).
const items: Array<{ id: number }> = [];
for (const itemNo of ["sfp-b", "SFP-A", "sfp-D", "SFP-c"]) {
  items.push(await createTestItem(ctx, { itemNo, unit: "kilogram", unitPrice: "2.35" }));
}
// Every item at every position: stock before February, moves across every cut within it, takes, and
// stock received after it (which Stock for Period's closing must leave out).
let n = 0;
for (const item of items) {
  for (const [index, position] of positions.entries()) {
    n += 1;
    const next = positions[(index + 2) % positions.length] as number;
    await writeStock(ctx, [
      {
        type: "received",
        itemId: item.id,
        toLocationId: position,
        quantity: `${n}.5`,
        occurredAt: at("2026-01-15"),
      },
      {
        type: "received",
        itemId: item.id,
        toLocationId: position,
        quantity: "3",
        occurredAt: at("2026-02-03"),
      },
      {
        type: "moved",
        itemId: item.id,
        fromLocationId: position,
        toLocationId: next,
        quantity: "1.25",
        occurredAt: at("2026-02-10"),
      },
      {
        type: "dispatched",
        itemId: item.id,
        fromLocationId: next,
        quantity: "0.5",
        occurredAt: at("2026-02-20"),
      },
      {
        type: "received",
        itemId: item.id,
        toLocationId: position,
        quantity: "7",
        occurredAt: at("2026-03-05"),
      },
    ]);
  }
}

const deps = { db: ctx.db, database: ctx.database, config: ctx.config, clock: ctx.clock };
const FEBRUARY_REQUEST = { start: "2026-02-01", end: "2026-02-28" };
const first = positions[0] as number;
const last = positions.at(-1) as number;

/**
 * Counts the connections the pool lends while `work` runs. Change events of earlier writes go out
 * first, on a connection of their own (change-publisher.ts), so that none is counted here.
 */
async function connectionsLent<T>(work: () => Promise<T>): Promise<{ result: T; lent: number }> {
  await flushChangeEvents(ctx.db);
  let lent = 0;
  const count = () => {
    lent += 1;
  };
  ctx.database.pool.on("acquire", count);
  try {
    return { result: await work(), lent };
  } finally {
    ctx.database.pool.off("acquire", count);
  }
}

/** A split of the report's own snapshot at `cut` (the last position of the first part). */
async function splitAt(tx: Tx, cut: number): Promise<Split> {
  const split = await splitPositions(tx);
  if (!split) {
    throw new Error("no split");
  }
  return { snapshot: split.snapshot, first: { from: first, to: cut }, second: { from: cut + 1, to: last } };
}

describe("Stock for Period in two parts", () => {
  it("gives the whole statement's rows and totals for every cut and page length", async () => {
    for (const cut of positions.slice(0, -1)) {
      for (const limit of [1, 2, 5, 7, 13, 2_000]) {
        await inReportSnapshot(ctx.db, async (tx) => {
          const whole = await stockForPeriodRows(tx, FEBRUARY, limit);
          const parts = await stockForPeriodInParts(
            tx,
            ctx.database,
            FEBRUARY,
            limit,
            await splitAt(tx, cut),
          );
          expect(parts, `cut ${cut}, limit ${limit}`).toEqual(whole);
        });
      }
    }
  });

  it("interleaves both parts' rows on one page", async () => {
    const cut = positions[2] as number;
    const rows = await inReportSnapshot(ctx.db, async (tx) =>
      stockForPeriodInParts(tx, ctx.database, FEBRUARY, 2_000, await splitAt(tx, cut)),
    );
    // 4 items x 6 positions, each with a figure; the first item's rows come from both parts.
    expect(rows).toHaveLength(24);
    expect(rows[0]?.totalRows).toBe(24);
    const firstItem = rows.filter((row) => row.itemNo === "SFP-A").map((row) => row.location);
    expect(firstItem).toHaveLength(6);
    expect(rows.slice(0, 6).map((row) => row.itemNo)).toEqual(Array(6).fill("SFP-A"));
  });

  it("reads the report's snapshot on both connections", async () => {
    const cut = positions[2] as number;
    const target = positions[4] as number; // in the second part
    const [before, during] = await inReportSnapshot(ctx.db, async (tx) => {
      const whole = await stockForPeriodRows(tx, FEBRUARY, 2_000);
      const split = await splitAt(tx, cut);
      // Committed after the report's snapshot was taken and exported, before its second part starts.
      await writeStock(ctx, [
        {
          type: "received",
          itemId: items[0]?.id as number,
          toLocationId: target,
          quantity: "100",
          occurredAt: at("2026-02-12"),
        },
      ]);
      return [whole, await stockForPeriodInParts(tx, ctx.database, FEBRUARY, 2_000, split)];
    });
    expect(during).toEqual(before);
    const after = await inReportSnapshot(ctx.db, (tx) => stockForPeriodRows(tx, FEBRUARY, 2_000));
    expect(after[0]?.sumInValue).not.toBe(before[0]?.sumInValue);
  });

  it("runs alone, without waiting, when the pool has no connection to spare", async () => {
    const { pool } = ctx.database;
    const report = () => buildReport(deps, "stock-for-period", FEBRUARY_REQUEST, 2_000);
    const free = await connectionsLent(report);
    expect(free.lent).toBe(2);
    const held = await Promise.all(Array.from({ length: pool.options.max - 1 }, () => pool.connect()));
    try {
      const busy = await connectionsLent(report);
      expect(busy.lent).toBe(1);
      expect(busy.result.tables).toEqual(free.result.tables);
    } finally {
      for (const client of held) {
        client.release();
      }
    }
  });

  it("reads the CSV export's page whole, on one connection", async () => {
    const csv = await connectionsLent(() => buildReport(deps, "stock-for-period", FEBRUARY_REQUEST, 200_000));
    expect(csv.lent).toBe(1);
    expect(csv.result.tables[0]?.rows).toHaveLength(24);
  });

  it("cuts every position into one part or the other", async () => {
    await inReportSnapshot(ctx.db, async (tx) => {
      const split = await splitPositions(tx);
      expect(split?.first.from).toBe(
        (await tx.execute<{ id: number }>(sql`select min(id)::int as id from locations`)).rows[0]?.id,
      );
      expect(split?.second.to).toBe(
        (await tx.execute<{ id: number }>(sql`select max(id)::int as id from locations`)).rows[0]?.id,
      );
      expect((split?.first.to ?? 0) + 1).toBe(split?.second.from);
    });
  });
});
