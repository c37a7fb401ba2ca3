import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { warehouses } from "./warehouses.ts";

/**
 * One row per storage position: a grid cell (shelf label + 2-digit section) or a container shelf (its
 * name, no section). Rows follow the warehouse layout: a position leaving it is archived (never while it
 * holds stock) and comes back if the layout grows again.
 */
export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    kind: text("kind", { enum: ["grid", "container"] }).notNull(),
    shelf: text("shelf").notNull(),
    section: text("section"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the layout no longer has this position; the row stays for the history that names it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (table) => [
    check("locations_kind_check", sql`${table.kind} in ('grid', 'container')`),
    check(
      "locations_section_by_kind_check",
      sql`(${table.kind} = 'grid' and ${table.section} ~ '^[0-9]{2}$') or (${table.kind} = 'container' and ${table.section} is null)`,
    ),
    uniqueIndex("locations_position_unique").on(
      table.warehouseId,
      table.shelf,
      sql`coalesce(${table.section}, '')`,
    ),
  ],
);
