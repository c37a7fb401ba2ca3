import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

/**
 * Report queries. Everything is computed in PostgreSQL from the ledger, leaving out deleted movements:
 * a movement is split into its legs (out of its source, into its destination), so a balance at any
 * instant is the sum of the legs before it, per item and location. Instants come from business-zone
 * dates: a period is [start of `start`, start of the day after `end`).
 */
export interface Period {
  start: Date;
  end: Date;
}

/** Locations by id, both ends included. */
export interface LocationRange {
  from: number;
  to: number;
}

type Row = Record<string, unknown>;

/**
 * `name` = stock per item and location at `instant`: today's balances less every live leg dated at or
 * after it. Reading the (small) tail of the ledger instead of summing all of it before the instant
 * keeps an as-of report as fast for last year as for yesterday. The tail is summed per item and
 * location first and joined to the balances, which are one row per pair already.
 */
function stockAt(name: string, instant: Date): SQL {
  return sql`${sql.raw(`${name}_later`)} as (
    select item_id, location_id, sum(qty) as qty
    from (
      select m.item_id, m.to_location_id as location_id, m.quantity as qty
      from stock_movements m where m.deleted_at is null and m.occurred_at >= ${instant} and m.to_location_id is not null
      union all
      select m.item_id, m.from_location_id, -m.quantity
      from stock_movements m where m.deleted_at is null and m.occurred_at >= ${instant} and m.from_location_id is not null
    ) legs
    group by item_id, location_id
  ),
  ${sql.raw(name)} as (
    -- A balance row always holds a positive quantity, so a pair without later legs is in stock.
    select item_id, location_id,
           case when l.qty is null then b.quantity else coalesce(b.quantity, 0) - l.qty end as qty
    from stock_balances b full join ${sql.raw(`${name}_later`)} l using (item_id, location_id)
    where l.qty is null or coalesce(b.quantity, 0) <> l.qty
  )`;
}

const LOCATION_CODE = (l: string, w: string) =>
  sql.raw(`${w}.name || ${l}.shelf || coalesce(${l}.section, '')`);
/**
 * Stock per item and location with its value. Value is rounded at this grain (quantity x current unit
 * price, 2 decimals, half away from zero) and every larger figure is a sum of these, so the screen,
 * every report and every total agree to the fils.
 */
function valuedStockAt(instant: Date): SQL {
  return sql`${stockAt("stock_raw", instant)},
  stock as (
    select s.item_id, s.location_id, s.qty, round(s.qty * i.unit_price, 2) as value
    from stock_raw s join items i on i.id = s.item_id
  )`;
}

const Q = (expression: SQL) => sql`trim_scale(${expression})::text`;
const MONEY = (expression: SQL) => sql`round(${expression}, 2)::numeric(18,2)::text`;
const ISO = (expression: SQL) => sql`to_json(${expression}) #>> '{}'`;

export async function itemStockRows(db: DbOrTx, end: Date, limit: number) {
  // The totals read every row; the page, and its "last movement" lookups, only the rows shown.
  const result = await db.execute<Row>(sql`
    with ${stockAt("stock", end)},
    totals as (
      select count(*)::int as n, sum(round(s.qty * i.unit_price, 2)) as value
      from stock s join items i on i.id = s.item_id
    ),
    page as (
      select s.item_id, s.location_id, s.qty,
             lower(i.item_no) as k1, lower(w.name) as k2, length(l.shelf) as k3, l.shelf as k4, l.section as k5
      from stock s
      join items i on i.id = s.item_id
      join locations l on l.id = s.location_id
      join warehouses w on w.id = l.warehouse_id
      order by k1, k2, k3, k4, k5
      limit ${limit}
    )
    select i.item_no as "itemNo", i.name, i.type, i.unit, w.name as warehouse, ${LOCATION_CODE("l", "w")} as location,
           ${Q(sql`p.qty`)} as quantity, i.unit_price::text as "unitPrice", ${MONEY(sql`p.qty * i.unit_price`)} as value,
           ${ISO(sql`greatest(
             (select max(m.occurred_at) from stock_movements m where m.to_location_id = p.location_id
                and m.item_id = p.item_id and m.occurred_at < ${end} and m.deleted_at is null),
             (select max(m.occurred_at) from stock_movements m where m.from_location_id = p.location_id
                and m.item_id = p.item_id and m.occurred_at < ${end} and m.deleted_at is null))`)} as "lastMovement",
           t.n as "totalRows", t.value::numeric(18,2)::text as "grandValue"
    from page p
    join items i on i.id = p.item_id
    join locations l on l.id = p.location_id
    join warehouses w on w.id = l.warehouse_id
    cross join totals t
    order by p.k1, p.k2, p.k3, p.k4, p.k5`);
  return result.rows;
}

/**
 * Stock per item at `instant` (`per_item`: quantity, value, positions holding it), the average purchase
 * cost per item (`cost`) and, for the foot of Inventory Summary and Valuation, value and value at
 * average cost per item type with the grand totals (`type_totals`), summed exactly here, in the same
 * statement as the rows: the stock is read once.
 */
function stockByItemAt(instant: Date): SQL {
  return sql`${valuedStockAt(instant)},
  per_item as (
    select item_id, sum(qty) as qty, sum(value) as value, count(*) filter (where qty > 0)::int as locations
    from stock group by item_id
  ),
  cost as (
    select item_id, sum(quantity * unit_price) / nullif(sum(quantity), 0) as average
    from stock_movements
    where deleted_at is null and type = 'received' and purchase_id is not null and occurred_at < ${instant}
    group by item_id
  ),
  by_type as (
    select i.type, sum(p.value) as value, sum(round(p.qty * coalesce(c.average, i.unit_price), 2)) as value_at_cost
    from per_item p join items i on i.id = p.item_id left join cost c on c.item_id = p.item_id
    where p.qty <> 0
    group by i.type
  ),
  type_totals as (
    select json_agg(json_build_object('type', type, 'value', value::numeric(18,2)::text,
                                      'valueAtCost', value_at_cost::numeric(18,2)::text) order by type) as types,
           sum(value)::numeric(18,2)::text as value, sum(value_at_cost)::numeric(18,2)::text as value_at_cost
    from by_type
  )`;
}

/** The type totals travel on the first row only (`typeTotals`), the grand totals on every row. */
const TYPE_TOTALS = (order: SQL) =>
  sql`case when row_number() over (order by ${order}) = 1 then t.types end as "typeTotals",
      t.value as "totalValue", t.value_at_cost as "totalValueAtCost"`;

export async function inventorySummaryRows(db: DbOrTx, end: Date, limit: number) {
  const order = sql`lower(i.item_no), i.id`;
  const result = await db.execute<Row>(sql`
    with ${stockByItemAt(end)}
    select i.item_no as "itemNo", i.name, i.type, i.unit, ${Q(sql`coalesce(p.qty, 0)`)} as quantity,
           i.unit_price::text as "unitPrice", coalesce(p.value, 0)::numeric(18,2)::text as value,
           coalesce(p.locations, 0) as locations, ${Q(sql`i.min_quantity`)} as "minQuantity",
           coalesce(p.qty, 0) < i.min_quantity as "lowStock", count(*) over ()::int as "totalRows",
           ${TYPE_TOTALS(order)}
    from items i
    left join per_item p on p.item_id = i.id
    cross join type_totals t
    where i.archived_at is null or coalesce(p.qty, 0) <> 0
    order by ${order}
    limit ${limit}`);
  return result.rows;
}

export async function valuationRows(db: DbOrTx, end: Date, limit: number) {
  const order = sql`lower(i.item_no), i.id`;
  const result = await db.execute<Row>(sql`
    with ${stockByItemAt(end)}
    select i.item_no as "itemNo", i.name, i.type, i.unit, ${Q(sql`p.qty`)} as quantity,
           i.unit_price::text as "unitPrice", p.value::numeric(18,2)::text as value,
           case when c.average is null then null else ${MONEY(sql`c.average`)} end as "averageCost",
           ${MONEY(sql`p.qty * coalesce(c.average, i.unit_price)`)} as "valueAtCost",
           count(*) over ()::int as "totalRows",
           ${TYPE_TOTALS(order)}
    from per_item p join items i on i.id = p.item_id left join cost c on c.item_id = p.item_id
    cross join type_totals t
    where p.qty <> 0
    order by ${order}
    limit ${limit}`);
  return result.rows;
}

/**
 * Opening, in, out and closing per item and location over the period, with values. Each position's
 * legs from the period's start on are summed per (location, item) straight from the covering
 * (location, item, time, quantity, deleted) indexes, in their order: in and out within the period, and
 * what came in and went out after it. (The sums are asked for in that order, so the planner keeps to
 * the indexes rather than hash every pair of a sequential scan when some pages are not all-visible.) Closing is today's balance less what happened after the period,
 * opening is closing - in + out; nothing before the period is read. The figures are kept once
 * (materialized) for the totals, which read every row, and for the page, which sorts only the rows of
 * the items up to the page's last item key. Both take items from the items with rows (their key and
 * price), not from the whole catalogue.
 *
 * `locations` restricts every figure to the positions whose id lies in that range: one part of the
 * report, each part a contiguous range of the indexes (stock-for-period.ts). Each row carries its
 * sort keys (k1 to k5), so parts' pages can be merged in the report's order.
 */
export async function stockForPeriodRows(
  db: DbOrTx,
  period: Period,
  limit: number,
  locations?: LocationRange,
) {
  const { start, end } = period;
  const within = (column: string) =>
    locations ? sql`and ${sql.raw(column)} between ${locations.from} and ${locations.to}` : sql``;
  const balances = locations
    ? sql`(select location_id, item_id, quantity from stock_balances
           where location_id between ${locations.from} and ${locations.to})`
    : sql`stock_balances`;
  const result = await db.execute<Row>(sql`
    with ins as (
      select to_location_id as location_id, item_id,
             coalesce(sum(quantity) filter (where occurred_at < ${end}), 0) as qty,
             sum(quantity) filter (where occurred_at >= ${end}) as later
      from stock_movements
      where deleted_at is null and occurred_at >= ${start} and to_location_id is not null ${within("to_location_id")}
      group by to_location_id, item_id
      order by to_location_id, item_id
    ), outs as (
      select from_location_id as location_id, item_id,
             coalesce(sum(quantity) filter (where occurred_at < ${end}), 0) as qty,
             sum(quantity) filter (where occurred_at >= ${end}) as later
      from stock_movements
      where deleted_at is null and occurred_at >= ${start} and from_location_id is not null ${within("from_location_id")}
      group by from_location_id, item_id
      order by from_location_id, item_id
    ), figures as materialized (
      select item_id, location_id, closing - qty_in + qty_out as opening, qty_in, qty_out, closing
      from (
        select item_id, location_id,
               case when i.later is null and o.later is null then coalesce(b.quantity, 0)
                    else coalesce(b.quantity, 0) - coalesce(i.later, 0) + coalesce(o.later, 0) end as closing,
               coalesce(i.qty, 0) as qty_in, coalesce(o.qty, 0) as qty_out
        from ins i
        full join outs o using (location_id, item_id)
        full join ${balances} b using (location_id, item_id)
      ) pairs
      -- With no in and no out, opening equals closing: a row has a non-zero figure.
      where closing <> 0 or qty_in <> 0 or qty_out <> 0
    ), item_rows as materialized (
      -- Each item with rows, its sort key, price and row count: the page is chosen from these, and the
      -- totals priced through them, rather than from the whole catalogue.
      select c.item_id, lower(i.item_no) as k1, i.unit_price, c.n
      from (select item_id, count(*) as n from figures group by item_id) c
      join items i on i.id = c.item_id
    ), totals as (
      select count(*)::int as n,
             sum(round(f.opening * r.unit_price, 2)) as opening_value, sum(round(f.qty_in * r.unit_price, 2)) as in_value,
             sum(round(f.qty_out * r.unit_price, 2)) as out_value, sum(round(f.closing * r.unit_price, 2)) as closing_value
      from figures f join item_rows r using (item_id)
    ), last_key as (
      -- Rows are ordered by item first: the page ends within the item key where the row count reaches
      -- the limit, so rows of later keys need no sorting.
      select max(k1) as k1
      from (
        select k1, sum(n) over (order by k1 rows between unbounded preceding and 1 preceding) as rows_before
        from (select k1, sum(n) as n from item_rows group by 1) per_key
      ) ranked
      where coalesce(rows_before, 0) < ${limit}
    ), page as (
      select f.*, r.k1, lower(w.name) as k2, length(l.shelf) as k3, l.shelf as k4, l.section as k5
      from item_rows r
      join figures f on f.item_id = r.item_id
      join locations l on l.id = f.location_id
      join warehouses w on w.id = l.warehouse_id
      where r.k1 <= (select k1 from last_key)
      order by k1, k2, k3, k4, k5
      limit ${limit}
    )
    select i.item_no as "itemNo", i.name, i.type, i.unit, w.name as warehouse, ${LOCATION_CODE("l", "w")} as location,
           ${Q(sql`p.opening`)} as opening, ${Q(sql`p.qty_in`)} as "in", ${Q(sql`p.qty_out`)} as "out",
           ${Q(sql`p.closing`)} as closing, i.unit_price::text as "unitPrice",
           ${MONEY(sql`p.opening * i.unit_price`)} as "openingValue", ${MONEY(sql`p.qty_in * i.unit_price`)} as "inValue",
           ${MONEY(sql`p.qty_out * i.unit_price`)} as "outValue", ${MONEY(sql`p.closing * i.unit_price`)} as "closingValue",
           t.n as "totalRows",
           t.opening_value::numeric(18,2)::text as "sumOpeningValue", t.in_value::numeric(18,2)::text as "sumInValue",
           t.out_value::numeric(18,2)::text as "sumOutValue", t.closing_value::numeric(18,2)::text as "sumClosingValue",
           p.k1, p.k2, p.k3, p.k4, p.k5
    from page p
    join items i on i.id = p.item_id
    join locations l on l.id = p.location_id
    join warehouses w on w.id = l.warehouse_id
    cross join totals t
    order by p.k1, p.k2, p.k3, p.k4, p.k5`);
  return result.rows;
}

/**
 * The first `limit` legs of the period in time order, each with the balance of its item at its location
 * after it. Only those legs are read and windowed: a leg's balance depends on the legs of its pair
 * before it, which come earlier in the same order, and on the pair's opening balance, which is summed
 * from the pair's own legs before the period through the (location, item, time) indexes. A year of a
 * million movements thus costs its first page, not the year (decision 005). The total is a count.
 */
export async function movementHistoryRows(db: DbOrTx, period: Period, limit: number, itemId?: number) {
  const { start, end } = period;
  const itemFilter = itemId === undefined ? sql`` : sql`and m.item_id = ${itemId}`;
  const result = await db.execute<Row>(sql`
    with first_moves as (
      -- A movement has at most two legs, so the first \`limit\` movements hold the first \`limit\` legs.
      select m.id, m.item_id, m.from_location_id, m.to_location_id, m.quantity, m.occurred_at
      from stock_movements m
      where m.deleted_at is null and m.occurred_at >= ${start} and m.occurred_at < ${end} ${itemFilter}
      order by m.occurred_at, m.id
      limit ${limit}
    ), first_legs as (
      select * from (
        select id, 1 as leg, item_id, to_location_id as location_id, quantity as qty_in, 0::numeric as qty_out, occurred_at
        from first_moves where to_location_id is not null
        union all
        select id, 0, item_id, from_location_id, 0::numeric, quantity, occurred_at
        from first_moves where from_location_id is not null
      ) legs
      order by occurred_at, id, leg
      limit ${limit}
    ), opening as (
      select p.item_id, p.location_id,
             coalesce((select sum(m.quantity) from stock_movements m
                       where m.to_location_id = p.location_id and m.item_id = p.item_id
                         and m.occurred_at < ${start} and m.deleted_at is null), 0)
             - coalesce((select sum(m.quantity) from stock_movements m
                       where m.from_location_id = p.location_id and m.item_id = p.item_id
                         and m.occurred_at < ${start} and m.deleted_at is null), 0) as qty
      from (select distinct item_id, location_id from first_legs) p
    ), in_period as (
      select f.*, o.qty + sum(f.qty_in - f.qty_out)
               over (partition by f.item_id, f.location_id order by f.occurred_at, f.id, f.leg) as balance_after
      from first_legs f join opening o on o.item_id = f.item_id and o.location_id = f.location_id
    ), total as (
      select (count(m.to_location_id) + count(m.from_location_id))::int as n
      from stock_movements m
      where m.deleted_at is null and m.occurred_at >= ${start} and m.occurred_at < ${end} ${itemFilter}
    )
    select ${ISO(sql`r.occurred_at`)} as date, m.type, m.adjustment, i.item_no as "itemNo", i.name as "itemName",
           ${LOCATION_CODE("rl", "rw")} as location,
           case when fl.id is null then null else ${LOCATION_CODE("fl", "fw")} end as "from",
           case when tl.id is null then null else ${LOCATION_CODE("tl", "tw")} end as "to",
           ${Q(sql`r.qty_in`)} as "in", ${Q(sql`r.qty_out`)} as "out", ${Q(sql`r.balance_after`)} as "balanceAfter",
           m.reason, coalesce(m.managed_by_name, u.name) as staff, m.invoice, m.supplier,
           (select n from total) as "totalRows"
    from in_period r
    join stock_movements m on m.id = r.id
    join items i on i.id = r.item_id
    join locations rl on rl.id = r.location_id join warehouses rw on rw.id = rl.warehouse_id
    left join locations fl on fl.id = m.from_location_id left join warehouses fw on fw.id = fl.warehouse_id
    left join locations tl on tl.id = m.to_location_id left join warehouses tw on tw.id = tl.warehouse_id
    left join users u on u.id = m.managed_by
    order by r.occurred_at, r.id, r.leg`);
  return result.rows;
}

/**
 * One item over one month, day by day (business-zone days): opening, in, out and closing quantity.
 * Moves between locations do not change the item's total, so they count as neither in nor out. Each row
 * also carries the month's totals of in and out: quantities summed, values summed from the days' rounded
 * values, so the foot of the table is the exact sum of the figures above it.
 */
export async function singleItemDays(db: DbOrTx, itemId: number, period: Period, timeZone: string) {
  const { start, end } = period;
  const result = await db.execute<Row>(sql`
    with item_legs as (
      select occurred_at,
             case when type = 'received' or adjustment = 'increase' then quantity else 0 end as qty_in,
             case when type = 'dispatched' or adjustment = 'decrease' then quantity else 0 end as qty_out
      from stock_movements where item_id = ${itemId} and deleted_at is null and occurred_at < ${end}
    ), opening as (
      select coalesce(sum(qty_in - qty_out), 0) as qty from item_legs where occurred_at < ${start}
    ), days as (
      select generate_series((${start}::timestamptz at time zone ${timeZone})::date,
                             (${end}::timestamptz at time zone ${timeZone})::date - 1, interval '1 day')::date as day
    ), per_day as (
      select (occurred_at at time zone ${timeZone})::date as day, sum(qty_in) as qty_in, sum(qty_out) as qty_out
      from item_legs where occurred_at >= ${start} group by 1
    ), running as (
      select d.day, coalesce(p.qty_in, 0) as qty_in, coalesce(p.qty_out, 0) as qty_out,
             (select qty from opening) + coalesce(sum(coalesce(p.qty_in, 0) - coalesce(p.qty_out, 0))
               over (order by d.day rows between unbounded preceding and 1 preceding), 0) as opening
      from days d left join per_day p on p.day = d.day
    )
    select to_char(r.day, 'YYYY-MM-DD') as date, ${Q(sql`r.opening`)} as opening, ${Q(sql`r.qty_in`)} as "in",
           ${Q(sql`r.qty_out`)} as "out", ${Q(sql`r.opening + r.qty_in - r.qty_out`)} as closing,
           ${MONEY(sql`r.opening * i.unit_price`)} as "openingValue", ${MONEY(sql`r.qty_in * i.unit_price`)} as "inValue",
           ${MONEY(sql`r.qty_out * i.unit_price`)} as "outValue",
           ${MONEY(sql`(r.opening + r.qty_in - r.qty_out) * i.unit_price`)} as "closingValue",
           ${Q(sql`sum(r.qty_in) over ()`)} as "sumIn", ${Q(sql`sum(r.qty_out) over ()`)} as "sumOut",
           sum(round(r.qty_in * i.unit_price, 2)) over ()::numeric(18,2)::text as "sumInValue",
           sum(round(r.qty_out * i.unit_price, 2)) over ()::numeric(18,2)::text as "sumOutValue"
    from running r cross join items i where i.id = ${itemId}
    order by r.day`);
  return result.rows;
}
