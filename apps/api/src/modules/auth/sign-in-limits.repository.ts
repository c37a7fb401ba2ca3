import { and, count, gt, inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { authFailures } from "../../db/schema/index.ts";

/** How many failures (claimed attempts included) each of `keys` has had since `since`, in one statement. */
export async function countFailuresSince(db: DbOrTx, keys: string[], since: Date): Promise<number[]> {
  const rows = await db
    .select({ key: authFailures.key, value: count() })
    .from(authFailures)
    .where(and(inArray(authFailures.key, keys), gt(authFailures.occurredAt, since)))
    .groupBy(authFailures.key);
  return keys.map((key) => rows.find((row) => row.key === key)?.value ?? 0);
}

/** Records one failure (or a claimed attempt, counted as one until released) per key; returns their ids. */
export async function recordFailures(db: DbOrTx, keys: string[], at: Date): Promise<number[]> {
  const rows = await db
    .insert(authFailures)
    .values(keys.map((key) => ({ key, occurredAt: at })))
    .returning({ id: authFailures.id });
  return rows.map((row) => row.id);
}

export async function deleteFailuresById(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length > 0) {
    await db.delete(authFailures).where(inArray(authFailures.id, ids));
  }
}

export async function clearFailures(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(authFailures).where(inArray(authFailures.key, keys));
}

export async function deleteFailuresBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(authFailures).where(lt(authFailures.occurredAt, before));
}
