import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { selectMovementsFrom } from "../../apps/api/src/modules/movements/movements.repository.ts";
import { movementsStatement } from "../../apps/api/src/modules/stock/stock.repository.ts";
import type { MovePair } from "./http.ts";
import { type PgbenchTarget, runPgbench } from "./pgbench.ts";

/**
 * A client's pair as SQL: the item and its two positions, each read by pgbench's variable `k` from
 * an array constant of every pair's, in the statement's own text. A table of the pairs read by
 * sub-select cost the replay a scan of all its rows for each of the four reads (PostgreSQL chose
 * sequential scans for so small a table): work the API does not do, in the anchor it is held to.
 */
export interface PairColumns {
  item: string;
  a: string;
  b: string;
}

export function pairColumns(pairs: MovePair[]): PairColumns {
  const pick = (values: number[]) => `(array[${values.join(",")}]::int[])[:k::int + 1]`;
  return {
    item: pick(pairs.map((pair) => pair.itemId)),
    a: pick(pairs.map((pair) => pair.a)),
    b: pick(pairs.map((pair) => pair.b)),
  };
}

/**
 * The API's own statement changing a movement's balances, appending it and its audit row and reading
 * its answer (movementsStatement), its values inline and its row built from the pair by pgbench's
 * variables.
 */
function movementInsert(pair: PairColumns, from: "a" | "b", to: "a" | "b", actorId: number): string {
  const records = sql.raw(`(select jsonb_build_array(jsonb_build_object('n', 0, 'type', 'moved',
      'item_id', p.item_id, 'quantity', '1',
      'from_location_id', p.${from}, 'to_location_id', p.${to}, 'reason', 'Benchmark move',
      'managed_by', :m::int, 'created_by', :m::int,
      'after', jsonb_build_object('type', 'moved', 'itemId', p.item_id, 'quantity', '1',
        'fromLocationId', p.${from}, 'toLocationId', p.${to}, 'reason', 'Benchmark move', 'managedBy', :m::int)))
    from (select ${pair.item} as item_id, ${pair.a} as a, ${pair.b} as b) p)`);
  const actor = { userId: actorId, requestId: "bench-replay" };
  return new PgDialect().sqlToQuery(movementsStatement(records, actor, selectMovementsFrom).inlineParams())
    .sql;
}

export interface ReplayResult {
  clients: number;
  seconds: number;
  pairs: number;
  /** Movements per second: each script run is two movements (there and back again). */
  movementsPerSecond: number;
  latencyAvgMs: number;
  failed: number;
  version: string;
}

/**
 * One movement of the pair's item from `from` to `to`, as the API's stock service writes it
 * (apps/api/src/modules/stock/stock.repository.ts), in the same transaction shape and round trip:
 * one pipeline of BEGIN (the API holds it back for its first statement), the lock of the item, the
 * two positions and the managing person, the one statement (the API's own, rendered) that checks the
 * movement, takes from the source and adds to the destination, appends the movement and its audit row
 * and reads its answer, and COMMIT (the API sends its last statement with it).
 * The lock statement is a copy of the repository's: keep it in step with it. Ids come from
 * the statement's own text (pairColumns), so no extra round trip. The change event's NOTIFY (shared
 * by transactions that commit together) is left out.
 */
export function movementSql(pair: PairColumns, from: "a" | "b", to: "a" | "b", actorId: number): string {
  return `\\startpipeline
BEGIN;
with locked_items as materialized (
  select id, unit, unit_price::text as "unitPrice" from items
  where id = any(array[${pair.item}]) and archived_at is null order by id for share),
locked_locations as materialized (
  select l.id, l.warehouse_id as "warehouseId" from locations l
  join warehouses w on w.id = l.warehouse_id and w.archived_at is null
  where l.id = any(array[${pair.a}, ${pair.b}]) and l.archived_at is null order by l.id for share of l),
locked_people as materialized (
  select id, name from users where id = any(array[:m::int]) and deleted_at is null order by id for key share)
select (select json_agg(locked_items) from locked_items) as items,
  (select json_agg(locked_locations) from locked_locations) as locations,
  (select json_agg(locked_people) from locked_people) as people;
${movementInsert(pair, from, to, actorId)};
COMMIT;
\\endpipeline
`;
}

/**
 * The database's own share of a movement: pgbench (C, prepared statements) replays a movement's SQL
 * at `clients` clients against the benchmark's data set, with no HTTP, no sessions and no JavaScript.
 * What the API reaches against it is what its own layers cost. Each client owns its own pairs (as the
 * HTTP load never has two requests on one item at once) and moves one unit there and back again, so
 * stock stays valid and the ledger invariants, checked after the HTTP run, cover these movements too.
 */
export async function pgbenchMovementReplay(
  options: PgbenchTarget & { pairs: MovePair[]; staffIds: number[] },
): Promise<ReplayResult> {
  const perClient = Math.floor(options.pairs.length / options.clients);
  if (perClient < 1 || options.staffIds.length === 0) {
    throw new Error("the movement replay needs at least one pair per client and one staff member");
  }
  const pairs = options.pairs.slice(0, perClient * options.clients);
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wms-replay-")), "movement.sql");
  const staff = options.staffIds;
  const firstStaff = Math.min(...staff);
  const columns = pairColumns(pairs);
  fs.writeFileSync(
    script,
    [
      `\\set k :client_id + ${options.clients} * random(0, ${perClient - 1})`,
      `\\set m ${firstStaff} + random(0, ${staff.length - 1})`,
      movementSql(columns, "a", "b", firstStaff),
      movementSql(columns, "b", "a", firstStaff),
    ].join("\n"),
  );
  try {
    const result = await runPgbench(options, ["-M", "prepared", "-f", script]);
    return {
      clients: options.clients,
      seconds: options.seconds,
      pairs: pairs.length,
      movementsPerSecond: Math.round(2 * result.tps),
      latencyAvgMs: result.latencyAvgMs,
      failed: result.failed,
      version: result.version,
    };
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
  }
}
