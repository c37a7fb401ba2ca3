import type { WarehouseSummary } from "@wms/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { locations, warehouses } from "../../db/schema/index.ts";

export type WarehouseRow = typeof warehouses.$inferSelect;

/**
 * Live warehouses with their container shelves, live positions, distinct stocked items and value;
 * with `id`, that one warehouse only (its stock is then the only stock summed).
 */
export async function listWarehouseSummaries(db: DbOrTx, id?: number): Promise<WarehouseSummary[]> {
  const only = (column: SQL) => (id === undefined ? sql`` : sql`and ${column} = ${id}`);
  const result = await db.execute<WarehouseSummary>(sql`
    with stock as (
      select l.warehouse_id,
             count(distinct b.item_id)::int as item_count,
             coalesce(sum(round(b.quantity * i.unit_price, 2)), 0) as total_value
      from stock_balances b
      join locations l on l.id = b.location_id
      join items i on i.id = b.item_id
      where true ${only(sql`l.warehouse_id`)}
      group by l.warehouse_id
    ), positions as (
      select warehouse_id,
             count(*)::int as total,
             coalesce(array_agg(shelf order by shelf) filter (where kind = 'container'), '{}') as containers
      from locations
      where archived_at is null ${only(sql`warehouse_id`)}
      group by warehouse_id
    )
    select w.id, w.name, w.location,
           w.max_shelves as "maxShelves", w.sections_per_shelf as "sectionsPerShelf",
           coalesce(p.containers, '{}') as "containerShelves",
           coalesce(p.total, 0) as "totalLocations",
           coalesce(s.item_count, 0) as "itemCount",
           coalesce(s.total_value, 0)::numeric(16,2)::text as "totalValue"
    from warehouses w
    left join positions p on p.warehouse_id = w.id
    left join stock s on s.warehouse_id = w.id
    where w.archived_at is null ${only(sql`w.id`)}
    order by lower(w.name)`);
  return result.rows;
}

export async function countLiveWarehouses(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from warehouses where archived_at is null`,
  );
  return result.rows[0]?.n ?? 0;
}

/** The live warehouse, locked against concurrent layout changes for the rest of the transaction. */
export async function lockLiveWarehouse(tx: DbOrTx, id: number): Promise<WarehouseRow | undefined> {
  const result = await tx.execute<WarehouseRow>(sql`
    select id, name, location, max_shelves as "maxShelves", sections_per_shelf as "sectionsPerShelf",
           created_at as "createdAt", updated_at as "updatedAt", archived_at as "archivedAt"
    from warehouses where id = ${id} and archived_at is null for update`);
  return result.rows[0];
}

export async function isWarehouseNameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from warehouses
    where archived_at is null and lower(btrim(name)) = lower(btrim(${name}))
      ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`);
  return result.rows.length > 0;
}

export async function insertWarehouse(
  tx: DbOrTx,
  input: { name: string; location: string; maxShelves: number; sectionsPerShelf: number },
): Promise<number> {
  const [row] = await tx.insert(warehouses).values(input).returning({ id: warehouses.id });
  if (!row) {
    throw new Error("insert into warehouses returned no row");
  }
  return row.id;
}

export async function updateWarehouseRow(
  tx: DbOrTx,
  id: number,
  input: { name: string; location: string; maxShelves: number; sectionsPerShelf: number },
): Promise<void> {
  await tx.execute(sql`
    update warehouses set name = ${input.name}, location = ${input.location}, max_shelves = ${input.maxShelves},
           sections_per_shelf = ${input.sectionsPerShelf}, updated_at = now()
    where id = ${id}`);
}

export type PositionRow = {
  id: number;
  kind: "grid" | "container";
  shelf: string;
  section: string | null;
  archived: boolean;
};

/** Every position row of a warehouse, live and archived, locked for a layout change. */
export async function lockPositions(tx: DbOrTx, warehouseId: number): Promise<PositionRow[]> {
  const result = await tx.execute<PositionRow>(sql`
    select id, kind, shelf, section, archived_at is not null as archived
    from locations where warehouse_id = ${warehouseId}
    order by id for update`);
  return result.rows;
}

export async function insertPositions(
  tx: DbOrTx,
  warehouseId: number,
  positions: Array<{ kind: "grid" | "container"; shelf: string; section: string | null }>,
): Promise<void> {
  if (positions.length > 0) {
    await tx.insert(locations).values(positions.map((position) => ({ warehouseId, ...position })));
  }
}

export async function setPositionsArchived(tx: DbOrTx, ids: number[], archived: boolean): Promise<void> {
  if (ids.length > 0) {
    await tx.execute(sql`
      update locations set archived_at = ${archived ? sql`now()` : sql`null`}
      where id in (${sql.join(ids, sql`, `)})`);
  }
}

/** Positions among `ids` that hold stock, with the distinct item count of each. */
export async function stockedPositions(
  tx: DbOrTx,
  ids: number[],
): Promise<Array<{ id: number; itemCount: number }>> {
  if (ids.length === 0) {
    return [];
  }
  const result = await tx.execute<{ id: number; itemCount: number }>(sql`
    select location_id as id, count(*)::int as "itemCount" from stock_balances
    where location_id in (${sql.join(ids, sql`, `)})
    group by location_id order by location_id`);
  return result.rows;
}

export async function countStockedItemsInWarehouse(tx: DbOrTx, warehouseId: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select count(distinct b.item_id)::int as n
    from stock_balances b join locations l on l.id = b.location_id
    where l.warehouse_id = ${warehouseId}`);
  return result.rows[0]?.n ?? 0;
}

/** Whether any movement ever touched these positions (then they are archived, never deleted). */
export async function haveHistory(tx: DbOrTx, ids: number[]): Promise<boolean> {
  if (ids.length === 0) {
    return false;
  }
  const list = sql.join(ids, sql`, `);
  const result = await tx.execute(sql`
    select 1 from stock_movements where from_location_id in (${list}) or to_location_id in (${list}) limit 1`);
  return result.rows.length > 0;
}

export async function deletePositions(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length > 0) {
    await tx.execute(sql`delete from locations where id in (${sql.join(ids, sql`, `)})`);
  }
}

export async function archiveWarehouseRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`update warehouses set archived_at = now(), updated_at = now() where id = ${id}`);
}

export async function deleteWarehouseRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`delete from warehouses where id = ${id}`);
}
