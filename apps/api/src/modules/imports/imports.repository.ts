import type { ImportPhase, ItemData } from "@wms/domain";
import { sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { copyRows } from "../../db/copy-rows.ts";
import { type Actor, recordAuditSelect } from "../audit/audit.repository.ts";

/**
 * Large lists travel as one JSON or array parameter (never one bind parameter per value: PostgreSQL
 * allows at most 65,535 of those, and a 10 MB upload holds about 100,000 rows).
 */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The live items among the given item numbers (compared ignoring case and surrounding spaces). */
export async function findLiveItemKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) {
    return new Set();
  }
  // One text[] parameter: PostgreSQL hashes a long = ANY list, about twice as fast here as joining
  // the elements of a JSON list.
  const result = await db.execute<{ key: string }>(sql`
    select lower(btrim(item_no)) as key from items
    where archived_at is null and lower(btrim(item_no)) = any(${sql.param(keys)}::text[])`);
  return new Set(result.rows.map((row) => row.key));
}

export interface WarehouseLayout {
  id: number;
  name: string;
  sectionsPerShelf: number;
  [column: string]: unknown;
}

export async function listLiveWarehouses(db: DbOrTx): Promise<WarehouseLayout[]> {
  const result = await db.execute<WarehouseLayout>(sql`
    select id, name, sections_per_shelf as "sectionsPerShelf" from warehouses
    where archived_at is null order by id`);
  return result.rows;
}

/**
 * Holds the given warehouses' layouts for the rest of the transaction (layout changes lock the
 * warehouse FOR UPDATE), so the positions an upload resolved cannot be removed before it commits.
 */
export async function shareLockWarehouses(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length > 0) {
    await tx.execute(sql`
      select id from warehouses
      where archived_at is null and id in (select (jsonb_array_elements_text(${json(ids)}))::int)
      order by id for share`);
  }
}

export interface PositionRow {
  id: number;
  warehouseId: number;
  kind: "grid" | "container";
  shelf: string;
  section: string | null;
  [column: string]: unknown;
}

export async function listLivePositions(db: DbOrTx, warehouseIds: number[]): Promise<PositionRow[]> {
  if (warehouseIds.length === 0) {
    return [];
  }
  const result = await db.execute<PositionRow>(sql`
    select id, warehouse_id as "warehouseId", kind, shelf, section from locations
    where archived_at is null
      and warehouse_id in (select (jsonb_array_elements_text(${json(warehouseIds)}))::int)`);
  return result.rows;
}

/** The upload's items, staged in a temporary table of its transaction (dropped when it ends). */
const ITEM_STAGE = "import_items";

/**
 * COPYs the items of an upload, with their ids already taken from the items sequence (the n-th id for
 * the n-th item), into the staging table that writeItemSlice inserts from.
 */
export async function stageItems(tx: Tx, ids: readonly number[], items: readonly ItemData[]): Promise<void> {
  await tx.execute(sql.raw(`drop table if exists pg_temp.${ITEM_STAGE}`));
  await tx.execute(
    sql.raw(`create temp table ${ITEM_STAGE} (n int primary key, id int not null, item_no text not null,
      name text not null, description text not null, type text not null, unit text not null,
      unit_price text not null, min_quantity text not null) on commit drop`),
  );
  await copyRows(
    tx,
    ITEM_STAGE,
    ["n", "id", "item_no", "name", "description", "type", "unit", "unit_price", "min_quantity"],
    (function* () {
      for (let n = 0; n < items.length; n++) {
        const data = items[n] as ItemData;
        yield [
          n,
          ids[n] as number,
          data.itemNo,
          data.name,
          data.description,
          data.type,
          data.unit,
          data.unitPrice,
          data.minQuantity,
        ];
      }
    })(),
  );
}

/**
 * Inserts the staged items n in [start, end) and their audit rows: the entry the items service logs
 * for a created item (its data as given).
 */
export async function writeItemSlice(tx: Tx, actor: Actor, start: number, end: number): Promise<void> {
  const stage = sql.identifier(ITEM_STAGE);
  await tx.execute(sql`
    insert into items (id, item_no, name, description, type, unit, unit_price, min_quantity)
    select s.id, s.item_no, s.name, s.description, s.type, s.unit, s.unit_price::numeric, s.min_quantity::numeric
    from ${stage} s where s.n >= ${start} and s.n < ${end} order by s.n`);
  await recordAuditSelect(
    tx,
    actor,
    { entity: "item", action: "create" },
    sql`select s.id::text, jsonb_build_object('itemNo', s.item_no, 'name', s.name, 'description', s.description,
          'type', s.type, 'unit', s.unit, 'unitPrice', s.unit_price, 'minQuantity', s.min_quantity)
        from ${stage} s where s.n >= ${start} and s.n < ${end} order by s.n`,
  );
}

export interface ProgressRow {
  phase: Exclude<ImportPhase, "waiting">;
  processed: number;
  total: number;
  message: string | null;
  updatedAt: string;
  [column: string]: unknown;
}

/**
 * Starts (or restarts) the progress of a commit. A run that is still going under the same key (a
 * double-click) is left alone unless it has been silent for a minute (its process died).
 */
export async function startProgress(db: Db, userId: number, key: string): Promise<void> {
  await db.execute(sql`delete from import_progress where updated_at < now() - interval '1 day'`);
  await db.execute(sql`
    insert into import_progress (user_id, key, phase) values (${userId}, ${key}, 'validating')
    on conflict (user_id, key) do update
      set phase = 'validating', processed = 0, total = 0, message = null, started_at = now(), updated_at = now()
      where import_progress.phase in ('done', 'failed') or import_progress.updated_at < now() - interval '1 minute'`);
}

export async function updateProgress(
  db: Db,
  userId: number,
  key: string,
  progress: { phase: ProgressRow["phase"]; processed: number; total: number; message?: string | null },
): Promise<void> {
  await db.execute(sql`
    update import_progress
    set phase = ${progress.phase}, processed = ${progress.processed}, total = ${progress.total},
        message = ${progress.message ?? null}, updated_at = now()
    where user_id = ${userId} and key = ${key}`);
}

export async function findProgress(db: Db, userId: number, key: string): Promise<ProgressRow | undefined> {
  const result = await db.execute<ProgressRow>(sql`
    select phase, processed, total, message, to_json(updated_at) #>> '{}' as "updatedAt"
    from import_progress where user_id = ${userId} and key = ${key}`);
  return result.rows[0];
}
