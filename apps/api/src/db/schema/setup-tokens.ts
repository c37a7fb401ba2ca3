import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One-time links that create the first administrator; stored hashed, removed once it exists. */
export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
