import {
  ITEM_SEARCH_COUNT_CAP,
  ITEMS_PAGE_SIZE,
  type ItemData,
  type ItemLocation,
  type ItemType,
  type ItemUnit,
  locationCode,
} from "@wms/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

export interface ItemRow {
  id: number;
  itemNo: string;
  name: string;
  description: string;
  type: ItemType;
  unit: ItemUnit;
  unitPrice: string;
  minQuantity: string;
  totalQuantity: string;
  totalValue: string;
  /** ISO 8601 text, as PostgreSQL's JSON rendering of a timestamptz. */
  createdAt: string;
  updatedAt: string;
  [column: string]: unknown;
}

/** Quantities without trailing zeros ("2.5", not "2.500"); money always with its 2 decimals. */
const ITEM_COLUMNS = sql`
  i.id, i.item_no as "itemNo", i.name, i.description, i.type, i.unit,
  i.unit_price::text as "unitPrice", trim_scale(i.min_quantity)::text as "minQuantity",
  trim_scale(coalesce(t.total, 0))::text as "totalQuantity",
  coalesce(t.value, 0)::numeric(16,2)::text as "totalValue",
  to_json(i.created_at) #>> '{}' as "createdAt", to_json(i.updated_at) #>> '{}' as "updatedAt"`;

/** Totals per item; value is the sum of each location's rounded value, as everywhere else. */
const TOTALS = sql`left join lateral (
  select sum(b.quantity) as total, sum(round(b.quantity * i.unit_price, 2)) as value
  from stock_balances b where b.item_id = i.id
) t on true`;

/** `term` as a LIKE pattern matching anywhere, with the user's own % and _ taken literally. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface ItemFilters {
  search?: string | undefined;
  type?: ItemType | undefined;
  lowStock?: boolean | undefined;
  page: number;
}

export async function listItemRows(
  db: DbOrTx,
  filters: ItemFilters,
): Promise<{ rows: ItemRow[]; total: number; totalIsLowerBound: boolean }> {
  const conditions: SQL[] = [sql`i.archived_at is null`];
  if (filters.search) {
    conditions.push(
      sql`lower(i.item_no || ' ' || i.name || ' ' || i.description) like ${containsPattern(filters.search)}`,
    );
  }
  if (filters.type) {
    conditions.push(sql`i.type = ${filters.type}`);
  }
  const offset = (filters.page - 1) * ITEMS_PAGE_SIZE;
  if (filters.lowStock) {
    // Low stock depends on every match's total, so this filter sums first and pages after.
    conditions.push(sql`coalesce(t.total, 0) < i.min_quantity`);
    const result = await db.execute<ItemRow & { totalCount: number }>(sql`
      select ${ITEM_COLUMNS}, count(*) over ()::int as "totalCount"
      from items i ${TOTALS}
      where ${sql.join(conditions, sql` and `)}
      order by lower(i.item_no), i.id
      limit ${ITEMS_PAGE_SIZE} offset ${offset}`);
    return { rows: result.rows, total: result.rows[0]?.totalCount ?? 0, totalIsLowerBound: false };
  }
  // Page first (the order has its own index), then total up only the page's items. A search's count
  // stops one past the cap, so a short term's count ends after a thousand matches, not the catalogue.
  const where = sql.join(conditions, sql` and `);
  const countLimit = filters.search ? sql`limit ${ITEM_SEARCH_COUNT_CAP + 1}` : sql``;
  const [page, count] = await Promise.all([
    db.execute<ItemRow>(sql`
      with page as (
        select i.id from items i where ${where} order by lower(i.item_no), i.id
        limit ${ITEMS_PAGE_SIZE} offset ${offset}
      )
      select ${ITEM_COLUMNS} from page p join items i on i.id = p.id ${TOTALS}
      order by lower(i.item_no), i.id`),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select from items i where ${where} ${countLimit}) matches`,
    ),
  ]);
  const counted = count.rows[0]?.n ?? 0;
  return {
    rows: page.rows,
    total: Math.min(counted, ITEM_SEARCH_COUNT_CAP),
    totalIsLowerBound: counted > ITEM_SEARCH_COUNT_CAP,
  };
}

/** Live items whose total quantity is below their minimum, in one grouped pass over the balances. */
export async function countLowStockItems(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from items i
    left join (select item_id, sum(quantity) as total from stock_balances group by item_id) t on t.item_id = i.id
    where i.archived_at is null and i.min_quantity > 0 and coalesce(t.total, 0) < i.min_quantity`);
  return result.rows[0]?.n ?? 0;
}

export async function countLiveItems(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from items where archived_at is null`,
  );
  return result.rows[0]?.n ?? 0;
}

export async function findItemRow(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ItemRow | undefined> {
  if (options.lock) {
    // Lock the item row itself (stock writes take it FOR SHARE), then read its totals.
    await db.execute(sql`select 1 from items where id = ${id} and archived_at is null for update`);
  }
  const result = await db.execute<ItemRow>(sql`
    select ${ITEM_COLUMNS} from items i ${TOTALS} where i.id = ${id} and i.archived_at is null`);
  return result.rows[0];
}

/** Where each of the given items is stored, ordered by warehouse and position. */
export async function listItemLocations(db: DbOrTx, itemIds: number[]): Promise<Map<number, ItemLocation[]>> {
  const byItem = new Map<number, ItemLocation[]>();
  if (itemIds.length === 0) {
    return byItem;
  }
  const result = await db.execute<{
    itemId: number;
    locationId: number;
    warehouseId: number;
    warehouseName: string;
    shelf: string;
    section: string | null;
    quantity: string;
  }>(sql`
    select b.item_id as "itemId", b.location_id as "locationId", l.warehouse_id as "warehouseId",
           w.name as "warehouseName", l.shelf, l.section, trim_scale(b.quantity)::text as quantity
    from stock_balances b
    join locations l on l.id = b.location_id
    join warehouses w on w.id = l.warehouse_id
    where b.item_id in (${sql.join(itemIds, sql`, `)})
    order by lower(w.name), l.kind desc, length(l.shelf), l.shelf, l.section`);
  for (const row of result.rows) {
    const list = byItem.get(row.itemId) ?? [];
    list.push({
      locationId: row.locationId,
      warehouseId: row.warehouseId,
      warehouseName: row.warehouseName,
      shelf: row.shelf,
      section: row.section,
      code: locationCode(row.warehouseName, row.shelf, row.section),
      quantity: row.quantity,
    });
    byItem.set(row.itemId, list);
  }
  return byItem;
}

export async function isItemNoTaken(db: DbOrTx, itemNo: string, exceptId?: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from items where archived_at is null and lower(btrim(item_no)) = lower(btrim(${itemNo}))
      ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`);
  return result.rows.length > 0;
}

export async function insertItem(db: DbOrTx, data: ItemData): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into items (item_no, name, description, type, unit, unit_price, min_quantity)
    values (${data.itemNo}, ${data.name}, ${data.description}, ${data.type}, ${data.unit}, ${data.unitPrice}, ${data.minQuantity})
    returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) {
    throw new Error("insert into items returned no row");
  }
  return id;
}

export async function updateItemRow(db: DbOrTx, id: number, data: ItemData): Promise<void> {
  await db.execute(sql`
    update items set item_no = ${data.itemNo}, name = ${data.name}, description = ${data.description},
      type = ${data.type}, unit = ${data.unit}, unit_price = ${data.unitPrice}, min_quantity = ${data.minQuantity},
      updated_at = now()
    where id = ${id}`);
}

export async function archiveItemRow(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update items set archived_at = now(), updated_at = now() where id = ${id}`);
}
