import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Admins and staff in one table; an archived (deleted) account keeps its row for history. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["admin", "staff"] }).notNull(),
    passwordHash: text("password_hash").notNull(),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** The interface language this person chose (product-decisions 21), remembered across devices. */
    language: text("language").notNull().default("en"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    check("users_role_check", sql`${table.role} in ('admin', 'staff')`),
    // Unique among live accounts only, so an archived member's email can be given to a new account.
    uniqueIndex("users_email_live_unique")
      .on(sql`lower(${table.email})`)
      .where(sql`${table.deletedAt} is null`),
    index("users_role_live_idx").on(table.role).where(sql`${table.deletedAt} is null`),
  ],
);
