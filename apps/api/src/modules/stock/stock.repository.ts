import { WHOLE_NUMBER_UNITS } from "@wms/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type PreparedStatement, preparedStatement } from "../../db/prepared.ts";
import { postgresErrorOf } from "../../http/database-errors.ts";
import { type Actor, type ActorValues, auditInsertSelect } from "../audit/audit.repository.ts";

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
const idArray = (list: unknown) => sql`${list}::text::int[]`;
/** The text of an id list for idArray: `{1,2,3}`. */
const idList = (ids: number[]) => `{${ids.join(",")}}`;

const LIVE_ITEMS = (ids: SQL) => sql`
  select id, unit, unit_price::text as "unitPrice" from items
  where id = any(${ids}) and archived_at is null
  order by id for share`;

/** `from` the live positions (as `l`) of live warehouses that meet `condition`. */
const fromLivePositions = (condition: SQL) => sql`from locations l
  join warehouses w on w.id = l.warehouse_id and w.archived_at is null
  where ${condition} and l.archived_at is null`;

const LIVE_LOCATIONS = (ids: SQL) => sql`
  select l.id, l.warehouse_id as "warehouseId" ${fromLivePositions(sql`l.id = any(${ids})`)}
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

const LIVE_PEOPLE = (ids: SQL) => sql`
  select id, name from users
  where id = any(${ids}) and deleted_at is null
  order by id for key share`;

const LOCK_SUBJECTS = preparedStatement<{ items: string; locations: string; people: string }>(
  () => sql`
    with locked_items as materialized (${LIVE_ITEMS(idArray(sql.placeholder("items")))}),
      locked_locations as materialized (${LIVE_LOCATIONS(idArray(sql.placeholder("locations")))}),
      locked_people as materialized (${LIVE_PEOPLE(idArray(sql.placeholder("people")))})
    select (select json_agg(locked_items) from locked_items) as items,
      (select json_agg(locked_locations) from locked_locations) as locations,
      (select json_agg(locked_people) from locked_people) as people`,
);

/**
 * Live items and live positions (of live warehouses), locked FOR SHARE so neither is archived or
 * removed while stock moves, and the live people who manage the movements (KEY SHARE: not deleted
 * meanwhile), in one round trip: items first, then positions, then people, each in id order.
 */
export async function lockStockSubjectRows(
  tx: DbOrTx,
  ids: { items: number[]; locations: number[]; people: number[] },
): Promise<{ items: LockedItem[]; locations: LockedLocation[]; people: LockedPerson[] }> {
  const result = await LOCK_SUBJECTS<{
    items: LockedItem[] | null;
    locations: LockedLocation[] | null;
    people: LockedPerson[] | null;
  }>(tx, { items: idList(ids.items), locations: idList(ids.locations), people: idList(ids.people) });
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
    with locked_items as materialized (${LIVE_ITEMS(idArray(idList(ids.items)))}),
      locked_locations as materialized (${LIVE_LOCATIONS(idArray(idList(ids.locations)))})
    select (select json_agg(id order by id) from locked_items) as "itemIds",
      (select json_agg(unit order by id) from locked_items) as units,
      (select json_agg(id order by id) from locked_locations) as "locationIds"`);
  const row = result.rows[0];
  return { itemIds: row?.itemIds ?? [], units: row?.units ?? [], locationIds: row?.locationIds ?? [] };
}

/** SQLSTATE of change_balances' "not enough stock" (migration 0011). */
export const NOT_ENOUGH_STOCK_STATE = "WS001";

/** A signed change of one balance, as numeric text ("-1.5"). */
export interface BalanceChange {
  itemId: number;
  locationId: number;
  delta: string;
}

/** The balance a taking found short: what change_balances names in its DETAIL. */
export interface Shortage {
  itemId: number;
  locationId: number;
  available: string;
}

/** The argument of change_balances: the changes as a JSON array of its records. */
const changesJson = (changes: readonly BalanceChange[]) =>
  JSON.stringify(
    changes.map((change) => ({
      item_id: change.itemId,
      location_id: change.locationId,
      delta: change.delta,
    })),
  );

/** The balance named by a failure of change_balances for want of stock, or undefined for any other. */
export function shortageOf(error: unknown): Shortage | undefined {
  const failure = postgresErrorOf(error);
  if (failure?.code !== NOT_ENOUGH_STOCK_STATE || failure.detail === undefined) {
    return undefined;
  }
  return JSON.parse(failure.detail) as Shortage;
}

const CHANGE_BALANCES = preparedStatement<{ changes: string }>(
  () => sql`select change_balances(${sql.placeholder("changes")}::jsonb)`,
);

/**
 * Changes balances in one statement (change_balances, migration 0011): SQL sums the changes per
 * balance and walks them in (item, location) order, adding (creating a balance when absent) or taking
 * under the row lock, so no quantity is ever read into JavaScript and written back, and a balance
 * taken to zero is deleted. When a balance holds less than is taken it fails with
 * NOT_ENOUGH_STOCK_STATE (see shortageOf), changing nothing.
 */
export async function changeBalances(tx: DbOrTx, changes: readonly BalanceChange[]): Promise<void> {
  await CHANGE_BALANCES(tx, { changes: changesJson(changes) });
}

export interface MovementRowInput {
  type: "received" | "moved" | "dispatched" | "adjusted";
  itemId: number;
  quantity: string;
  fromLocationId: number | null;
  toLocationId: number | null;
  adjustment: "increase" | "decrease" | null;
  reason: string;
  managedBy: number | null;
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
 * Records movements in one statement (movementsStatement): changes their balances, appends them and
 * their audit rows (`after` is each row's audit entry); returns the ids in the order given, each with
 * its row of `answer` over the inserted movements when one is asked for (read by the same statement:
 * no round trip to read back what was just written). Each movement's unit and its managing person's
 * name are read from the live rows (and added to its audit entry). When a change breaks the stock
 * service's rules (an item, position or person that is not live, a quantity not above zero or not
 * whole for its unit) nothing is written and no row is answered; when a balance holds less than is
 * taken, it fails with NOT_ENOUGH_STOCK_STATE (see shortageOf) and nothing is written. The caller has
 * locked the items, positions and people involved (it may send the lock pipelined just before), and
 * announces the change events.
 */
export async function writeMovements(
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
    from_location_id: row.fromLocationId,
    to_location_id: row.toLocationId,
    adjustment: row.adjustment,
    reason: row.reason,
    managed_by: row.managedBy,
    supplier: row.supplier,
    invoice: row.invoice,
    unit_price: row.unitPrice,
    purchase_id: row.purchaseId,
    occurred_at: row.occurredAt?.toISOString() ?? null,
    created_by: row.createdBy,
    after: row.after,
  }));
  const result = await writeMovementsPrepared(answer)<{ id: number; answer: unknown }>(tx, {
    records: JSON.stringify(records),
    actorId: actor.userId,
    requestId: actor.requestId,
  });
  return result.rows;
}

type WriteMovementsValues = { records: string; actorId: number | null; requestId: string | null };

function prepareWriteMovements(answer: MovementAnswer | undefined): PreparedStatement<WriteMovementsValues> {
  return preparedStatement<WriteMovementsValues>(() =>
    movementsStatement(
      sql`${sql.placeholder("records")}::jsonb`,
      { userId: sql.placeholder("actorId"), requestId: sql.placeholder("requestId") },
      answer,
    ),
  );
}

const writeMovementsAnswering = new WeakMap<MovementAnswer, PreparedStatement<WriteMovementsValues>>();
const writeMovementsOnly = prepareWriteMovements(undefined);

/** movementsStatement prepared once for each answer asked for (a module's function). */
function writeMovementsPrepared(answer: MovementAnswer | undefined): PreparedStatement<WriteMovementsValues> {
  if (answer === undefined) {
    return writeMovementsOnly;
  }
  let prepared = writeMovementsAnswering.get(answer);
  if (prepared === undefined) {
    prepared = prepareWriteMovements(answer);
    writeMovementsAnswering.set(answer, prepared);
  }
  return prepared;
}

/** The units counted in whole numbers (the domain's list), as an SQL array. */
const WHOLE_UNITS = sql.raw(
  `array[${[...WHOLE_NUMBER_UNITS].map((unit) => `'${unit.replaceAll("'", "''")}'`).join(", ")}]::text[]`,
);

/** True when `id` is a live position of a live warehouse (as LIVE_LOCATIONS reads it), else null. */
const liveLocation = (id: SQL) => sql`select true ${fromLivePositions(sql`l.id = ${id}`)}`;

/**
 * The statement of writeMovements, over `records`: a jsonb array of the rows (the columns of the
 * recordset below, `n` their order, `after` each row's audit entry). The balances' changes are the
 * movements' own (out of the source, into the destination), so the ledger and the balances cannot
 * disagree, and they are made before any movement is appended: a shortage fails the statement.
 * Also rendered by the benchmark's pgbench replay of a movement, so it measures this very statement.
 */
export function movementsStatement(records: SQL, actor: ActorValues, answer?: MovementAnswer): SQL {
  // Ids come from one sequence in insertion order, so the n-th smallest new id is the n-th row given.
  const answerColumn = answer
    ? sql`(select to_json(a) from (${answer(sql`inserted`)}) a where a.id = numbered.id)`
    : sql`null::json`;
  // r: each movement with its item's unit and its managing person's name, read from the live rows, and
  // whether its positions are live; subqueries by primary key, each run once per row (offset 0 keeps
  // them from being inlined twice): a join or an EXISTS let the planner hash whole tables.
  // refused: the stock service's rules for a change (validateChange), so that nothing is written when
  // one fails; the caller names the failure from what it locked.
  return sql`
    with given as materialized (
      select * from jsonb_to_recordset(${records}) as r(n int, type text, item_id int,
        quantity numeric, from_location_id int, to_location_id int, adjustment text, reason text,
        managed_by int, supplier text, invoice text, unit_price numeric, purchase_id int,
        occurred_at timestamptz, created_by int, after jsonb)
    ), r as materialized (
      select read.*,
        read.after || jsonb_build_object('unit', read.unit, 'managedByName', read.managed_by_name) as audited_after
      from (
        select given.*,
          (select i.unit from items i where i.id = given.item_id and i.archived_at is null) as unit,
          (select u.name from users u where u.id = given.managed_by and u.deleted_at is null) as managed_by_name,
          (${liveLocation(sql`given.from_location_id`)}) as from_live,
          (${liveLocation(sql`given.to_location_id`)}) as to_live
        from given offset 0
      ) read
    ), refused as materialized (
      select exists (
        select from r where r.unit is null
          or (r.managed_by is not null and r.managed_by_name is null)
          or r.quantity <= 0
          or (r.unit = any(${WHOLE_UNITS}) and r.quantity <> trunc(r.quantity))
          or (r.from_location_id is not null and r.from_live is null)
          or (r.to_location_id is not null and r.to_live is null)
      ) as broken
    ), balances as materialized (
      select change_balances(changes) from (
        select jsonb_agg(c) as changes from (
          select item_id, from_location_id as location_id, -quantity as delta from r where from_location_id is not null
          union all
          select item_id, to_location_id, quantity from r where to_location_id is not null
        ) c
      ) all_changes
      where not (select broken from refused)
    ), inserted as (
      insert into stock_movements (type, item_id, quantity, unit, from_location_id, to_location_id, adjustment,
        reason, managed_by, managed_by_name, supplier, invoice, unit_price, purchase_id, occurred_at, created_by)
      select r.type, r.item_id, r.quantity, r.unit, r.from_location_id, r.to_location_id, r.adjustment, r.reason,
        r.managed_by, r.managed_by_name, r.supplier, r.invoice, r.unit_price, r.purchase_id,
        coalesce(r.occurred_at, now()), r.created_by
      from r where exists (select from balances) order by r.n
      returning *
    ), numbered as (
      select id, (row_number() over (order by id) - 1)::int as n from inserted
    ), audited as (
      ${auditInsertSelect(
        actor,
        { entity: "stock_movement", action: "create" },
        sql`select numbered.id::text, r.audited_after from numbered join r using (n)`,
      )}
    )
    select numbered.id::int as id, ${answerColumn} as answer from numbered order by n`;
}
