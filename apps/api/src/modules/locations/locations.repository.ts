import { type LocationOption, locationCode } from "@wms/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

export const LOCATION_OPTIONS_LIMIT = 50;

type LocationOptionRow = Omit<LocationOption, "code"> & { [column: string]: unknown };

/**
 * Positions for the location picker: live positions of live warehouses whose code (warehouse name +
 * shelf + section) contains the search, with what each holds of one item; stocked positions first.
 */
export async function searchLocationOptions(
  db: DbOrTx,
  filters: {
    search?: string | undefined;
    warehouseId?: number | undefined;
    itemId?: number | undefined;
    stockedOnly?: boolean | undefined;
  },
): Promise<LocationOption[]> {
  const conditions: SQL[] = [sql`l.archived_at is null`, sql`w.archived_at is null`];
  if (filters.warehouseId) {
    conditions.push(sql`l.warehouse_id = ${filters.warehouseId}`);
  }
  if (filters.search) {
    const pattern = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(sql`lower(w.name || l.shelf || coalesce(l.section, '')) like ${pattern}`);
  }
  if (filters.stockedOnly) {
    conditions.push(sql`b.quantity is not null`);
  }
  const result = await db.execute<LocationOptionRow>(sql`
    select l.id, l.warehouse_id as "warehouseId", w.name as "warehouseName", l.shelf, l.section, l.kind,
           trim_scale(coalesce(b.quantity, 0))::text as quantity
    from locations l
    join warehouses w on w.id = l.warehouse_id
    left join stock_balances b on b.location_id = l.id and b.item_id = ${filters.itemId ?? 0}
    where ${sql.join(conditions, sql` and `)}
    order by (b.quantity is null), lower(w.name), l.kind desc, length(l.shelf), l.shelf, l.section
    limit ${LOCATION_OPTIONS_LIMIT}`);
  return result.rows.map((row) => ({
    id: row.id,
    warehouseId: row.warehouseId,
    warehouseName: row.warehouseName,
    shelf: row.shelf,
    section: row.section,
    kind: row.kind,
    quantity: row.quantity,
    code: locationCode(row.warehouseName, row.shelf, row.section),
  }));
}
