import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { items } from "./items.ts";
import { locations } from "./locations.ts";

/**
 * What each location holds of each item: a cache of the ledger kept in the same transaction as every
 * movement. A row reaching zero is deleted, so every row holds a positive quantity.
 */
export const stockBalances = pgTable(
  "stock_balances",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    quantity: numeric("quantity", { precision: 15, scale: 3 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.locationId] }),
    check("stock_balances_positive_check", sql`${table.quantity} > 0`),
    index("stock_balances_location_idx").on(table.locationId),
  ],
);
