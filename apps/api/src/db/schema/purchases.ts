import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { items } from "./items.ts";
import { users } from "./users.ts";

/** A supplier's invoice as received; its stock arrives as one received movement per location. */
export const purchases = pgTable(
  "purchases",
  {
    id: serial("id").primaryKey(),
    invoiceNumber: text("invoice_number").notNull(),
    supplierName: text("supplier_name").notNull(),
    purchaseDate: date("purchase_date").notNull(),
    notes: text("notes").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the last of its received movements is deleted (docs/decisions/009): nothing of it is
     * left in the ledger, and its supplier's invoice may be recorded again.
     */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  (table) => [
    // Product-decisions 14: the same invoice from the same supplier is one purchase (one not voided).
    uniqueIndex("purchases_supplier_invoice_unique")
      .on(sql`lower(btrim(${table.supplierName}))`, sql`lower(btrim(${table.invoiceNumber}))`)
      .where(sql`${table.voidedAt} is null`),
  ],
);

export const purchaseLines = pgTable(
  "purchase_lines",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id),
    quantity: numeric("quantity", { precision: 15, scale: 3 }).notNull(),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [
    index("purchase_lines_purchase_idx").on(table.purchaseId),
    index("purchase_lines_item_idx").on(table.itemId),
  ],
);
