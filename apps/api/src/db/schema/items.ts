import { ITEM_TYPES, ITEM_UNITS } from "@wms/domain";
import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export const items = pgTable(
  "items",
  {
    id: serial("id").primaryKey(),
    itemNo: text("item_no").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type").notNull(),
    unit: text("unit").notNull(),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }).notNull().default("0"),
    minQuantity: numeric("min_quantity", { precision: 15, scale: 3 }).notNull().default("0"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (table) => [
    check("items_type_check", sql`${table.type} in (${quoted(ITEM_TYPES)})`),
    check("items_unit_check", sql`${table.unit} in (${quoted(ITEM_UNITS)})`),
    check("items_unit_price_check", sql`${table.unitPrice} >= 0`),
    check("items_min_quantity_check", sql`${table.minQuantity} >= 0`),
    // Unique among live items, ignoring case and surrounding spaces (product-decisions 12).
    uniqueIndex("items_item_no_live_unique")
      .on(sql`lower(btrim(${table.itemNo}))`)
      .where(sql`${table.archivedAt} is null`),
    // Search as you type over item number, name and description: a trigram index serves '%term%'.
    index("items_search_trgm_idx")
      .using(
        "gin",
        sql`lower(${table.itemNo} || ' ' || ${table.name} || ' ' || ${table.description}) gin_trgm_ops`,
      )
      .where(sql`${table.archivedAt} is null`),
    // The list's order: the first page of a search needs no sort of every match.
    index("items_item_no_order_idx")
      .on(sql`lower(${table.itemNo})`, table.id)
      .where(sql`${table.archivedAt} is null`),
    index("items_type_idx").on(table.type).where(sql`${table.archivedAt} is null`),
  ],
);
