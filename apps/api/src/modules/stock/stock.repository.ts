import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import { type Actor, auditInsertSelect } from "../audit/audit.repository.ts";

export interface LockedItem {
  id: number;
  unit: string;
  unitPrice: string;
  [column: string]: unknown;
}

/**
 * A list of ids as one array parameter: the statement's text stays the same whatever the list (so it
 * can be prepared), a batch of 100,000 never meets PostgreSQL's parameter limit, and the planner sees
 * an array, not a set function it guesses at 100 rows (which made it scan every position).
 * The parameter is text, cast in SQL: typed int[], a custom plan would see each list's length, always
 * look cheaper than the generic plan, and be planned afresh on every call (0.3 ms of the lock
 * statement's time per movement). As text, the length is unknown to both and the plan is made once.
 */
const idArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::text::int[]`;

const LIVE_ITEMS = (ids: number[]) => sql`
  select id, unit, unit_price::text as "unitPrice" from items
  where id = any(${idArray(ids)}) and archived_at is null
  order by id for share`;

const LIVE_LOCATIONS = (ids: number[]) => sql`
  select l.id, l.warehouse_id as "warehouseId" from locations l
  join warehouses w on w.id = l.warehouse_id and w.archived_at is null
  where l.id = any(${idArray(ids)}) and l.archived_at is null
  order by l.id for share of l`;

export interface LockedLocation {
  id: number;
  warehouseId: number;
  [column: string]: unknown;
}

export interface LockedPerson {
  id: number;
  name: string;
  [column: string]: unknown;
}

const LIVE_PEOPLE = (ids: number[]) => sql`
  select id, name from users
  where id = any(${idArray(ids)}) and deleted_at is null
  order by id for key share`;

/**
 * Live items and live positions (of live warehouses), locked FOR SHARE so neither is archived or
 * removed while stock moves, and the live people who manage the movements (KEY SHARE: not deleted
 * meanwhile), in one round trip: items first, then positions, then people, each in id order.
 */
export async function lockStockSubjectRows(
  tx: DbOrTx,
  ids: { items: number[]; locations: number[]; people: number[] },
): Promise<{ items: LockedItem[]; locations: LockedLocation[]; people: LockedPerson[] }> {
  const result = await executePrepared<{
    items: LockedItem[] | null;
    locations: LockedLocation[] | null;
    people: LockedPerson[] | null;
  }>(
    tx,
    sql`
    with locked_items as materialized (${LIVE_ITEMS(ids.items)}),
      locked_locations as materialized (${LIVE_LOCATIONS(ids.locations)}),
      locked_people as materialized (${LIVE_PEOPLE(ids.people)})
    select (select json_agg(locked_items) from locked_items) as items,
      (select json_agg(locked_locations) from locked_locations) as locations,
      (select json_agg(locked_people) from locked_people) as people`,
  );
  const row = result.rows[0];
  return { items: row?.items ?? [], locations: row?.locations ?? [], people: row?.people ?? [] };
}

/**
 * The locks of lockStockSubjectRows for receipts (no people), answered lean: the live items' ids and
 * units as two lists in id order, and the live positions' ids. A bulk upload locks up to 100,000 of
 * each, and an object per row would be that many objects made only to be read once.
 */
export async function lockReceiptSubjectRows(
  tx: DbOrTx,
  ids: { items: number[]; locations: number[] },
): Promise<{ itemIds: number[]; units: string[]; locationIds: number[] }> {
  const result = await tx.execute<{
    itemIds: number[] | null;
    units: string[] | null;
    locationIds: number[] | null;
  }>(sql`
    with locked_items as materialized (${LIVE_ITEMS(ids.items)}),
      locked_locations as materialized (${LIVE_LOCATIONS(ids.locations)})
    select (select json_agg(id order by id) from locked_items) as "itemIds",
      (select json_agg(unit order by id) from locked_items) as units,
      (select json_agg(id order by id) from locked_locations) as "locationIds"`);
  const row = result.rows[0];
  return { itemIds: row?.itemIds ?? [], units: row?.units ?? [], locationIds: row?.locationIds ?? [] };
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
  // Each statement locks the row and re-checks its condition on the newest version (READ COMMITTED),
  // and the second one reads afresh, so a balance emptied exactly by a concurrent change is still seen.
  const taken = await executePrepared(
    tx,
    sql`
    update stock_balances set quantity = quantity - ${amount}::numeric, updated_at = now()
    where item_id = ${itemId} and location_id = ${locationId} and quantity > ${amount}::numeric`,
  );
  if ((taken.rowCount ?? 0) > 0) {
    return true;
  }
  const emptied = await executePrepared(
    tx,
    sql`
    delete from stock_balances
    where item_id = ${itemId} and location_id = ${locationId} and quantity = ${amount}::numeric`,
  );
  return (emptied.rowCount ?? 0) > 0;
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
  await executePrepared(
    tx,
    sql`
    insert into stock_balances (item_id, location_id, quantity)
    select r.item_id, r.location_id, r.quantity
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(n int, item_id int, location_id int, quantity numeric)
    order by r.n
    on conflict (item_id, location_id)
    do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()`,
  );
}

export async function availableQuantity(tx: DbOrTx, itemId: number, locationId: number): Promise<string> {
  const result = await executePrepared<{ quantity: string }>(
    tx,
    sql`
    select trim_scale(quantity)::text as quantity from stock_balances where item_id = ${itemId} and location_id = ${locationId}`,
  );
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

/** Reads rows of the movements in the relation it is given (as `m`), one of which has the column `id`. */
export type MovementAnswer = (movements: SQL) => SQL;

/**
 * Appends movements and, in the same statement, their audit rows (`after` is each row's audit entry);
 * returns the ids in the order given, each with its row of `answer` over the inserted movements when
 * one is asked for (read by the same statement: no round trip to read back what was just written).
 * The caller announces the change events.
 */
export async function insertMovementsWithAudit(
  tx: DbOrTx,
  rows: Array<MovementRowInput & { after: unknown }>,
  actor: Actor,
  answer?: MovementAnswer,
): Promise<Array<{ id: number; answer: unknown }>> {
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
    after: row.after,
  }));
  const result = await executePrepared<{ id: number; answer: unknown }>(
    tx,
    insertMovementsStatement(sql`${JSON.stringify(records)}::jsonb`, actor, answer),
  );
  return result.rows;
}

/**
 * The statement of insertMovementsWithAudit, over `records`: a jsonb array of the rows (the columns of
 * the recordset below, `n` their order, `after` each row's audit entry). Also rendered by the
 * benchmark's pgbench replay of a movement, so it measures this very statement.
 */
export function insertMovementsStatement(records: SQL, actor: Actor, answer?: MovementAnswer): SQL {
  // Ids come from one sequence in insertion order, so the n-th smallest new id is the n-th row given.
  const answerColumn = answer
    ? sql`(select to_json(a) from (${answer(sql`inserted`)}) a where a.id = numbered.id)`
    : sql`null::json`;
  return sql`
    with r as materialized (
      select * from jsonb_to_recordset(${records}) as r(n int, type text, item_id int,
        quantity numeric, unit text, from_location_id int, to_location_id int, adjustment text, reason text,
        managed_by int, managed_by_name text, supplier text, invoice text, unit_price numeric, purchase_id int,
        occurred_at timestamptz, created_by int, after jsonb)
    ), inserted as (
      insert into stock_movements (type, item_id, quantity, unit, from_location_id, to_location_id, adjustment,
        reason, managed_by, managed_by_name, supplier, invoice, unit_price, purchase_id, occurred_at, created_by)
      select r.type, r.item_id, r.quantity, r.unit, r.from_location_id, r.to_location_id, r.adjustment, r.reason,
        r.managed_by, r.managed_by_name, r.supplier, r.invoice, r.unit_price, r.purchase_id,
        coalesce(r.occurred_at, now()), r.created_by
      from r order by r.n
      returning *
    ), numbered as (
      select id, (row_number() over (order by id) - 1)::int as n from inserted
    ), audited as (
      ${auditInsertSelect(
        actor,
        { entity: "stock_movement", action: "create" },
        sql`select numbered.id::text, r.after from numbered join r using (n)`,
      )}
    )
    select numbered.id::int as id, ${answerColumn} as answer from numbered order by n`;
}
