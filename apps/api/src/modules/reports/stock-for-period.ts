import { SCREEN_ROW_LIMIT } from "@wms/domain";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { hasIdleConnection, inExportedSnapshot } from "./report-transaction.ts";
import { type LocationRange, type Period, stockForPeriodRows } from "./reports.repository.ts";

type Row = Record<string, unknown>;

/** Where a report's positions are cut in two, and the snapshot both parts read. */
export interface Split {
  snapshot: string;
  first: LocationRange;
  second: LocationRange;
}

/**
 * Stock for Period, on two cores where it can (decision 029). A year sums every leg of the ledger
 * since the period's start, one core's work for most of a second; the positions are cut in two ranges
 * of location ids, each range a contiguous stretch of the (location, item, time) indexes, and each half
 * runs on a connection of its own in one exported snapshot. Every figure belongs to one position, so
 * each half's rows and totals are exactly the whole report's for its positions: the totals add up, and
 * the page is the first rows of both halves' pages in the report's order.
 *
 * The whole statement runs alone when there is nothing to cut (fewer than two positions), when the pool
 * has no connection to spare at once, and for pages longer than the screen's (the CSV export, whose
 * page is the whole table: merging it would send every row back to PostgreSQL).
 */
export async function stockForPeriod(
  tx: Tx,
  database: Pick<Database, "db" | "pool"> | undefined,
  period: Period,
  limit: number,
): Promise<Row[]> {
  if (database === undefined || limit > SCREEN_ROW_LIMIT || !hasIdleConnection(database)) {
    return stockForPeriodRows(tx, period, limit);
  }
  const split = await splitPositions(tx);
  // Asked again after that round trip, in the same turn of the event loop as the second part takes its
  // connection (stockForPeriodInParts starts it first): no other request can take it in between.
  if (split === undefined || !hasIdleConnection(database)) {
    return stockForPeriodRows(tx, period, limit);
  }
  return stockForPeriodInParts(tx, database, period, limit, split);
}

/**
 * The cut: the median location id of the ledger's legs by the planner's statistics (the middle bound of
 * `to_location_id`'s histogram), so each half holds about half of the legs to sum; the middle of the
 * location ids where the table has no statistics yet. Undefined when there is nothing to cut.
 */
export async function splitPositions(tx: Tx): Promise<Split | undefined> {
  const result = await tx.execute<{
    snapshot: string;
    first: number | null;
    last: number | null;
    median: number | null;
  }>(sql`
    select pg_export_snapshot() as snapshot, l.first, l.last,
           (select (s.histogram_bounds::text::int[])[array_length(s.histogram_bounds::text::int[], 1) / 2 + 1]
            from pg_stats s
            where s.schemaname = current_schema() and s.tablename = 'stock_movements'
              and s.attname = 'to_location_id') as median
    from (select min(id)::int as first, max(id)::int as last from locations) l`);
  const row = result.rows[0];
  if (!row || row.first === null || row.last === null || row.first >= row.last) {
    return undefined;
  }
  const { first, last } = row;
  const middle = row.median ?? Math.floor((first + last) / 2);
  const cut = Math.min(Math.max(middle, first), last - 1);
  return { snapshot: row.snapshot, first: { from: first, to: cut }, second: { from: cut + 1, to: last } };
}

/** The report as two halves run at once, their pages merged and their totals added. */
export async function stockForPeriodInParts(
  tx: Tx,
  database: Pick<Database, "db">,
  period: Period,
  limit: number,
  split: Split,
): Promise<Row[]> {
  // The second half first: it takes its connection from the pool at once. Both halves are awaited
  // before either error is raised: the report's transaction, whose snapshot the second half reads,
  // must not end before that half has started.
  const second = inExportedSnapshot(database, split.snapshot, (helper) =>
    stockForPeriodRows(helper, period, limit, split.second),
  );
  const [other, own] = await Promise.allSettled([second, stockForPeriodRows(tx, period, limit, split.first)]);
  if (own.status === "rejected") {
    throw own.reason;
  }
  if (other.status === "rejected") {
    throw other.reason;
  }
  return mergePages(tx, [own.value, other.value], limit);
}

const TOTALS = ["totalRows", "sumOpeningValue", "sumInValue", "sumOutValue", "sumClosingValue"] as const;

/**
 * The first `limit` rows of the parts' pages in the report's order, each carrying the parts' totals
 * added up. PostgreSQL orders the rows' keys, so the merge follows the database's own collation, as the
 * whole statement's order does; a part without rows has no figures and adds nothing.
 */
export async function mergePages(tx: Tx, parts: Row[][], limit: number): Promise<Row[]> {
  const filled = parts.filter((rows) => rows.length > 0);
  if (filled.length <= 1) {
    return filled[0] ?? [];
  }
  const rows = filled.flat();
  const keys = rows.map((row) => [row.k1, row.k2, row.k3, row.k4, row.k5]);
  const totals = filled.map((part) => Object.fromEntries(TOTALS.map((key) => [key, part[0]?.[key]])));
  const result = await tx.execute<{ i: number } & Record<(typeof TOTALS)[number], unknown>>(sql`
    with totals as (
      select sum((t->>'totalRows')::int)::int as "totalRows",
             sum((t->>'sumOpeningValue')::numeric)::numeric(18,2)::text as "sumOpeningValue",
             sum((t->>'sumInValue')::numeric)::numeric(18,2)::text as "sumInValue",
             sum((t->>'sumOutValue')::numeric)::numeric(18,2)::text as "sumOutValue",
             sum((t->>'sumClosingValue')::numeric)::numeric(18,2)::text as "sumClosingValue"
      from jsonb_array_elements(${JSON.stringify(totals)}::jsonb) t
    )
    select (r.n - 1)::int as i, t.*
    from jsonb_array_elements(${JSON.stringify(keys)}::jsonb) with ordinality as r(k, n)
    cross join totals t
    order by r.k->>0, r.k->>1, (r.k->>2)::int, r.k->>3, r.k->>4, r.n
    limit ${limit}`);
  return result.rows.map(({ i, ...sums }) => ({ ...rows[i], ...sums }));
}
