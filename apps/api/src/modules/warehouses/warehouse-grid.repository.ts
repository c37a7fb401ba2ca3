import type { LocationContentsResponse, PositionContents } from "@wms/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

/** A position's items as JSON objects (GridItem), ordered by item number. */
const ITEMS_JSON = sql`json_agg(json_build_object(
  'itemId', i.id, 'itemNo', i.item_no, 'name', i.name, 'description', i.description, 'type', i.type,
  'unit', i.unit, 'unitPrice', i.unit_price::text, 'quantity', trim_scale(b.quantity)::text,
  'value', round(b.quantity * i.unit_price, 2)::numeric(18,2)::text
) order by lower(i.item_no))`;

/** A position's totals over its balances (b) and their items (i). */
const TOTALS = sql`trim_scale(sum(b.quantity))::text as "totalQuantity",
  sum(round(b.quantity * i.unit_price, 2))::numeric(18,2)::text as "totalValue"`;

/** Positions in layout order: grid shelves A, B ... AA, then container shelves, each by section. */
const LAYOUT_ORDER = sql`p.kind desc, length(p.shelf), p.shelf, p.section`;

/**
 * Every occupied live position of a warehouse as a cell draws it (GridPosition[]: totals and item
 * count, never the items), assembled as JSON text inside PostgreSQL: a 100 x 20 warehouse with 10,000
 * stocked positions is one query, and the text goes to the browser as it is.
 */
export async function gridPositionsJson(db: DbOrTx, warehouseId: number): Promise<string> {
  const result = await db.execute<{ positions: string }>(sql`
    select coalesce(json_agg(p order by ${LAYOUT_ORDER}), '[]'::json)::text as positions
    from (
      select l.id as "locationId", l.kind, l.shelf, l.section, ${TOTALS}, count(*)::int as "itemCount"
      from locations l
      join stock_balances b on b.location_id = l.id
      join items i on i.id = b.item_id
      where l.warehouse_id = ${warehouseId} and l.archived_at is null
      group by l.id
    ) p`);
  return result.rows[0]?.positions ?? "[]";
}

/** Every occupied live position of a warehouse with its items (PositionContents[]), as JSON text. */
export async function inventoryPositionsJson(db: DbOrTx, warehouseId: number): Promise<string> {
  const result = await db.execute<{ positions: string }>(sql`
    select coalesce(json_agg(p order by ${LAYOUT_ORDER}), '[]'::json)::text as positions
    from (
      select l.id as "locationId", l.kind, l.shelf, l.section, ${TOTALS}, ${ITEMS_JSON} as items
      from locations l
      join stock_balances b on b.location_id = l.id
      join items i on i.id = b.item_id
      where l.warehouse_id = ${warehouseId} and l.archived_at is null
      group by l.id
    ) p`);
  return result.rows[0]?.positions ?? "[]";
}

/** A live location of a live warehouse with the items it holds (none when empty); undefined if unknown. */
export async function locationContents(
  db: DbOrTx,
  locationId: number,
): Promise<LocationContentsResponse | undefined> {
  const result = await db.execute<{
    warehouseId: number;
    warehouseName: string;
    position: PositionContents;
  }>(sql`
    select w.id as "warehouseId", w.name as "warehouseName",
           json_build_object(
             'locationId', l.id, 'kind', l.kind, 'shelf', l.shelf, 'section', l.section,
             'totalQuantity', coalesce(s."totalQuantity", '0'), 'totalValue', coalesce(s."totalValue", '0.00'),
             'items', coalesce(s.items, '[]'::json)
           ) as position
    from locations l
    join warehouses w on w.id = l.warehouse_id
    left join lateral (
      select ${TOTALS}, ${ITEMS_JSON} as items
      from stock_balances b
      join items i on i.id = b.item_id
      where b.location_id = l.id
    ) s on true
    where l.id = ${locationId} and l.archived_at is null and w.archived_at is null`);
  return result.rows[0];
}

/**
 * The live positions of a warehouse holding an item whose number or name contains `search`
 * (case-insensitive), or holding some of item `itemId`; in id order.
 */
export async function matchingLocationIds(
  db: DbOrTx,
  warehouseId: number,
  match: { search: string } | { itemId: number },
): Promise<number[]> {
  let condition: SQL;
  if ("itemId" in match) {
    condition = sql`b.item_id = ${match.itemId}`;
  } else {
    const needle = match.search;
    condition = sql`(strpos(lower(i.item_no), lower(${needle})) > 0 or strpos(lower(i.name), lower(${needle})) > 0)`;
  }
  const result = await db.execute<{ id: number }>(sql`
    select distinct l.id
    from locations l
    join stock_balances b on b.location_id = l.id
    join items i on i.id = b.item_id
    where l.warehouse_id = ${warehouseId} and l.archived_at is null and ${condition}
    order by l.id`);
  return result.rows.map((row) => row.id);
}
