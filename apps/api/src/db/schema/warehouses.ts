import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const warehouses = pgTable(
  "warehouses",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    location: text("location").notNull(),
    maxShelves: integer("max_shelves").notNull(),
    sectionsPerShelf: integer("sections_per_shelf").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (table) => [
    check("warehouses_max_shelves_check", sql`${table.maxShelves} between 1 and 100`),
    check("warehouses_sections_check", sql`${table.sectionsPerShelf} between 1 and 20`),
    uniqueIndex("warehouses_name_live_unique")
      .on(sql`lower(btrim(${table.name}))`)
      .where(sql`${table.archivedAt} is null`),
  ],
);
