import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { items } from "./items.ts";
import { locations } from "./locations.ts";
import { purchases } from "./purchases.ts";
import { users } from "./users.ts";

/**
 * The ledger. Append-only except the reason text and the deletion mark. A movement takes stock out of
 * from_location and puts it into to_location: received has only a destination, dispatched only a
 * source, moved both, and an adjustment the one location it changes (to for an increase, from for a
 * decrease). So a balance is always sum(in) - sum(out) of the live movements touching it.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type", { enum: ["received", "moved", "dispatched", "adjusted"] }).notNull(),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id),
    quantity: numeric("quantity", { precision: 15, scale: 3 }).notNull(),
    unit: text("unit").notNull(),
    fromLocationId: integer("from_location_id").references(() => locations.id),
    toLocationId: integer("to_location_id").references(() => locations.id),
    adjustment: text("adjustment", { enum: ["increase", "decrease"] }),
    reason: text("reason").notNull().default(""),
    managedBy: integer("managed_by").references(() => users.id),
    managedByName: text("managed_by_name"),
    supplier: text("supplier"),
    invoice: text("invoice"),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }),
    purchaseId: integer("purchase_id").references(() => purchases.id),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: integer("deleted_by").references(() => users.id),
  },
  (table) => [
    check("stock_movements_quantity_check", sql`${table.quantity} > 0`),
    check(
      "stock_movements_shape_check",
      sql`case ${table.type}
        when 'received' then ${table.toLocationId} is not null and ${table.fromLocationId} is null and ${table.adjustment} is null
        when 'dispatched' then ${table.fromLocationId} is not null and ${table.toLocationId} is null and ${table.adjustment} is null
        when 'moved' then ${table.fromLocationId} is not null and ${table.toLocationId} is not null
          and ${table.fromLocationId} <> ${table.toLocationId} and ${table.adjustment} is null
        when 'adjusted' then (${table.adjustment} = 'increase' and ${table.toLocationId} is not null and ${table.fromLocationId} is null)
          or (${table.adjustment} = 'decrease' and ${table.fromLocationId} is not null and ${table.toLocationId} is null)
        else false end`,
    ),
    index("stock_movements_item_time_idx").on(table.itemId, table.occurredAt),
    index("stock_movements_time_idx").on(table.occurredAt),
    // The deleted movements by business time: few, and a new movement never enters it. With the time
    // index, a period's live movements are counted from indexes alone (all of them, less the deleted
    // ones) instead of each row being read for its deletion mark (decision 026).
    index("stock_movements_deleted_time_idx").on(table.occurredAt).where(sql`${table.deletedAt} is not null`),
    // Per position and item over time: reversal checks, layout checks and a report's "last movement".
    // Quantity and deletion mark make them cover a position's legs, so Stock for Period sums a year of
    // legs per position and item from the indexes alone, already in order (decision 005).
    // Each holds only the movements with that leg: every query of them names the position, and a
    // receipt has no source, a dispatch no destination (decision 019). Likewise the purchase index
    // holds only a purchase's receipts.
    index("stock_movements_from_item_time_idx")
      .on(table.fromLocationId, table.itemId, table.occurredAt, table.quantity, table.deletedAt)
      .where(sql`${table.fromLocationId} is not null`),
    index("stock_movements_to_item_time_idx")
      .on(table.toLocationId, table.itemId, table.occurredAt, table.quantity, table.deletedAt)
      .where(sql`${table.toLocationId} is not null`),
    index("stock_movements_purchase_idx").on(table.purchaseId).where(sql`${table.purchaseId} is not null`),
    index("stock_movements_created_by_idx").on(table.createdBy, table.createdAt),
    // The dashboard's and Last Movement's newest live movements, by recording time.
    index("stock_movements_recent_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null`),
  ],
);
