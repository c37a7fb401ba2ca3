import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Progress of a CSV bulk upload commit, keyed like idempotency keys by (user, Idempotency-Key). Written
 * from its own connection while the upload's transaction is still open, so every API process can answer
 * GET /api/imports/progress/:key with a real figure. Rows older than a day are pruned.
 */
export const importProgress = pgTable(
  "import_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    phase: text("phase").notNull(),
    processed: integer("processed").notNull().default(0),
    total: integer("total").notNull().default(0),
    message: text("message"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    check(
      "import_progress_phase_check",
      sql`${table.phase} in ('validating', 'saving_items', 'saving_stock', 'done', 'failed')`,
    ),
  ],
);
