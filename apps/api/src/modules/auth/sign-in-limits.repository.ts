import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { authFailures } from "../../db/schema/index.ts";

export async function countFailuresSince(db: DbOrTx, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.occurredAt, since)));
  return row?.value ?? 0;
}

export async function recordFailures(db: DbOrTx, keys: string[], at: Date): Promise<void> {
  await db.insert(authFailures).values(keys.map((key) => ({ key, occurredAt: at })));
}

export async function clearFailures(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(authFailures).where(inArray(authFailures.key, keys));
}

export async function deleteFailuresBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(authFailures).where(lt(authFailures.occurredAt, before));
}
