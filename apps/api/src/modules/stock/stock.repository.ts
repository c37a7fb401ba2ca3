import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

export interface LockedItem {
  id: number;
  unit: string;
  unitPrice: string;
  [column: string]: unknown;
}

/** Live items, locked FOR SHARE in id order so they cannot be archived while stock moves. */
/** A list of ids as one JSON parameter: a batch of 100,000 never meets PostgreSQL's parameter limit. */
const idList = (ids: number[]) =>
  sql`(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)`;

export async function lockItemsForShare(tx: DbOrTx, ids: number[]): Promise<LockedItem[]> {
  const result = await tx.execute<LockedItem>(sql`
    select id, unit, unit_price::text as "unitPrice" from items
    where id in ${idList(ids)} and archived_at is null
    order by id for share`);
  return result.rows;
}

export interface LockedLocation {
  id: number;
  warehouseId: number;
  [column: string]: unknown;
}

/** Live positions, locked FOR SHARE in id order so a layout change cannot remove them meanwhile. */
export async function lockLocationsForShare(tx: DbOrTx, ids: number[]): Promise<LockedLocation[]> {
  const result = await tx.execute<LockedLocation>(sql`
    select l.id, l.warehouse_id as "warehouseId" from locations l
    join warehouses w on w.id = l.warehouse_id and w.archived_at is null
    where l.id in ${idList(ids)} and l.archived_at is null
    order by l.id for share of l`);
  return result.rows;
}

/**
 * Takes `amount` out of a balance under its row lock: SQL compares and subtracts, so no quantity is
 * ever read into JavaScript and written back. A balance taken to zero is deleted (every stored balance
 * is positive). Returns false, changing nothing, when the balance holds less than `amount` (or none).
 */
export async function takeFromBalance(
  tx: DbOrTx,
  itemId: number,
  locationId: number,
  amount: string,
): Promise<boolean> {
  const locked = await tx.execute<{ enough: boolean; emptied: boolean }>(sql`
    select quantity >= ${amount}::numeric as enough, quantity = ${amount}::numeric as emptied
    from stock_balances where item_id = ${itemId} and location_id = ${locationId}
    for update`);
  const row = locked.rows[0];
  if (!row?.enough) {
    return false;
  }
  await tx.execute(
    row.emptied
      ? sql`delete from stock_balances where item_id = ${itemId} and location_id = ${locationId}`
      : sql`update stock_balances set quantity = quantity - ${amount}::numeric, updated_at = now()
            where item_id = ${itemId} and location_id = ${locationId}`,
  );
  return true;
}

/**
 * Adds to balances in one statement, creating those absent (concurrent first receipts meet at the
 * primary key). Rows are written in the order given, which callers keep sorted by (item, location).
 */
export async function addToBalances(
  tx: DbOrTx,
  additions: Array<{ itemId: number; locationId: number; amount: string }>,
): Promise<void> {
  const rows = additions.map((a, n) => ({
    n,
    item_id: a.itemId,
    location_id: a.locationId,
    quantity: a.amount,
  }));
  await tx.execute(sql`
    insert into stock_balances (item_id, location_id, quantity)
    select r.item_id, r.location_id, r.quantity
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(n int, item_id int, location_id int, quantity numeric)
    order by r.n
    on conflict (item_id, location_id)
    do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()`);
}

export async function availableQuantity(tx: DbOrTx, itemId: number, locationId: number): Promise<string> {
  const result = await tx.execute<{ quantity: string }>(sql`
    select trim_scale(quantity)::text as quantity from stock_balances where item_id = ${itemId} and location_id = ${locationId}`);
  return result.rows[0]?.quantity ?? "0";
}

export interface MovementRowInput {
  type: "received" | "moved" | "dispatched" | "adjusted";
  itemId: number;
  quantity: string;
  unit: string;
  fromLocationId: number | null;
  toLocationId: number | null;
  adjustment: "increase" | "decrease" | null;
  reason: string;
  managedBy: number | null;
  managedByName: string | null;
  supplier: string | null;
  invoice: string | null;
  unitPrice: string | null;
  purchaseId: number | null;
  occurredAt: Date | null;
  createdBy: number | null;
}

/** Appends movements in one statement; returns their ids in the order given. */
export async function insertMovements(tx: DbOrTx, rows: MovementRowInput[]): Promise<number[]> {
  const records = rows.map((row, n) => ({
    n,
    type: row.type,
    item_id: row.itemId,
    quantity: row.quantity,
    unit: row.unit,
    from_location_id: row.fromLocationId,
    to_location_id: row.toLocationId,
    adjustment: row.adjustment,
    reason: row.reason,
    managed_by: row.managedBy,
    managed_by_name: row.managedByName,
    supplier: row.supplier,
    invoice: row.invoice,
    unit_price: row.unitPrice,
    purchase_id: row.purchaseId,
    occurred_at: row.occurredAt?.toISOString() ?? null,
    created_by: row.createdBy,
  }));
  const result = await tx.execute<{ id: number }>(sql`
    insert into stock_movements (type, item_id, quantity, unit, from_location_id, to_location_id, adjustment, reason,
      managed_by, managed_by_name, supplier, invoice, unit_price, purchase_id, occurred_at, created_by)
    select r.type, r.item_id, r.quantity, r.unit, r.from_location_id, r.to_location_id, r.adjustment, r.reason,
      r.managed_by, r.managed_by_name, r.supplier, r.invoice, r.unit_price, r.purchase_id,
      coalesce(r.occurred_at, now()), r.created_by
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(n int, type text, item_id int, quantity numeric,
      unit text, from_location_id int, to_location_id int, adjustment text, reason text, managed_by int,
      managed_by_name text, supplier text, invoice text, unit_price numeric, purchase_id int,
      occurred_at timestamptz, created_by int)
    order by r.n
    returning id::int as id`);
  // Ids come from one sequence in insertion order, so ascending ids follow the order given.
  return result.rows.map((row) => row.id).sort((a, b) => a - b);
}
