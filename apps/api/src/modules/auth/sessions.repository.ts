import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";

export async function insertSession(
  db: DbOrTx,
  values: {
    tokenHash: string;
    userId: number;
    now: Date;
    expiresAt: Date;
    userAgent?: string;
    ipAddress?: string;
  },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    createdAt: values.now,
    lastSeenAt: values.now,
    expiresAt: values.expiresAt,
    userAgent: values.userAgent?.slice(0, 300) ?? null,
    ipAddress: values.ipAddress ?? null,
  });
}

function activeSessionQuery(db: DbOrTx) {
  // Only what a request needs of its session and user: every request reads this row.
  return db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        mustChangePassword: users.mustChangePassword,
        language: users.language,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(users.deletedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.lastSeenAt, sql.placeholder("idleCutoff")),
      ),
    )
    .prepare("find_active_session");
}

/** Built once per database handle: building Drizzle's query took a tenth of a movement's API time. */
const activeSessionQueries = new WeakMap<DbOrTx, ReturnType<typeof activeSessionQuery>>();

/**
 * The live session for a token hash with its live user, if neither idle nor absolute expiry has passed.
 * Every request asks it, so it is a prepared statement of each connection (planned once).
 */
export async function findActiveSession(db: DbOrTx, tokenHash: string, now: Date, idleMs: number) {
  let query = activeSessionQueries.get(db);
  if (query === undefined) {
    query = activeSessionQuery(db);
    activeSessionQueries.set(db, query);
  }
  const [row] = await query.execute({
    tokenHash,
    now: now.toISOString(),
    idleCutoff: new Date(now.getTime() - idleMs).toISOString(),
  });
  return row;
}

export async function touchSession(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

/** Deletes one session; returns its user, or null when there was no such session. */
export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

export async function deleteUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Housekeeping: sessions past their absolute expiry can never be used again. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now}`);
}
