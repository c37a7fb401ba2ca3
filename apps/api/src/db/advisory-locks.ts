import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

/**
 * The advisory lock keys of the whole application, in one place so two modules serialising the same
 * thing can never drift apart. Each serialises one kind of uniqueness check against its insert.
 */
export const ADVISORY_LOCKS = {
  migrations: 4_201_777,
  accountCreation: 4_201_778,
  warehouseNames: 4_201_779,
  itemNumbers: 4_201_780,
} as const;

/** Holds `lock` until the transaction ends. */
export async function lockForTransaction(tx: DbOrTx, lock: keyof typeof ADVISORY_LOCKS): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS[lock]})`);
}
