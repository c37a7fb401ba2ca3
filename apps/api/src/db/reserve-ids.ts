import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

/**
 * Takes `count` values from the id sequence of `table` (its serial `id` column), ascending. A bulk
 * write that knows its ids before it inserts can stage rows with them and write each row's audit
 * entry from the same staging table, without reading anything back.
 */
export async function reserveIds(
  tx: DbOrTx,
  table: "items" | "stock_movements",
  count: number,
): Promise<number[]> {
  if (count === 0) {
    return [];
  }
  // The sequence is looked up once (offset 0 keeps the subquery from being inlined): called per row,
  // pg_get_serial_sequence would cost six times the nextval calls themselves. The ids come back as one
  // JSON array, not a row each: 100,000 row objects would be garbage the moment they are read.
  const result = await tx.execute<{ ids: number[] }>(sql`
    select json_agg(q.id order by q.id) as ids
    from (select nextval(s.sequence) as id
      from (select pg_get_serial_sequence(${table}, 'id')::regclass as sequence offset 0) s,
        generate_series(1, ${count}::int)) q`);
  return result.rows[0]?.ids ?? [];
}
