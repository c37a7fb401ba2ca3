import type { Role } from "@wms/domain";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { lockForTransaction } from "../../db/advisory-locks.ts";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;

const live = isNull(users.deletedAt);

export async function findLiveUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(live, sql`lower(${users.email}) = lower(${email})`));
  return row;
}

export async function findLiveUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(live, eq(users.id, id)));
  return row;
}

export async function listLiveUsers(db: DbOrTx, role: Role): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(live, eq(users.role, role)))
    .orderBy(asc(users.name), asc(users.id));
}

export async function countLiveUsers(db: DbOrTx, role: Role): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(live, eq(users.role, role)));
  return row?.value ?? 0;
}

export async function insertUser(
  db: DbOrTx,
  values: { email: string; name: string; role: Role; passwordHash: string; mustChangePassword: boolean },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) {
    throw new Error("insert into users returned no row");
  }
  return row;
}

export async function updatePassword(
  db: DbOrTx,
  id: number,
  passwordHash: string,
  mustChangePassword: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function updateLanguage(db: DbOrTx, id: number, language: string): Promise<void> {
  await db.update(users).set({ language, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function markSignedIn(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
}

export async function archiveUser(db: DbOrTx, id: number): Promise<void> {
  await db.update(users).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** Serialises account creation so the staff limit and email uniqueness hold under concurrent requests. */
export async function lockAccountCreation(tx: DbOrTx): Promise<void> {
  await lockForTransaction(tx, "accountCreation");
}
