import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Failed sign-in attempts, keyed by account ("account:<email>") and by address ("ip:<addr>"). Kept in
 * PostgreSQL so every API process enforces the same limits.
 */
export const authFailures = pgTable(
  "auth_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("auth_failures_key_time_idx").on(table.key, table.occurredAt)],
);
