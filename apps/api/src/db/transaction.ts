import { MESSAGES } from "@wms/domain";
import { sql } from "drizzle-orm";
import { AppError } from "../http/app-error.ts";
import { sqlStateOf } from "../http/database-errors.ts";
import type { Db, Tx } from "./client.ts";

const RETRYABLE = new Set(["40001", "40P01"]); // serialization failure, deadlock detected
const MAX_ATTEMPTS = 5;

/** Isolation level and access mode of a transaction (READ COMMITTED, read-write when left out). */
export type TransactionConfig = Parameters<Db["transaction"]>[1];

/**
 * Runs `work` in one transaction and runs it again, whole, when PostgreSQL reports a serialization
 * failure or a deadlock; after a bounded number of attempts it answers 503 with a retryable code.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work, config);
    } catch (error) {
      const state = sqlStateOf(error);
      if (!state || !RETRYABLE.has(state)) {
        throw error;
      }
      if (attempt >= MAX_ATTEMPTS) {
        throw new AppError("DATABASE_UNAVAILABLE", MESSAGES.databaseUnavailable, { retryable: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}

/**
 * Runs a screen's reads in one snapshot (REPEATABLE READ READ ONLY), so its figures agree with one
 * another, in plans without parallel workers: a screen's reads are a few milliseconds of index work
 * each, and on these 2-core hosts starting workers for one cost more than it saved (decision 026).
 * The reports keep their own settings (reports.service.ts).
 */
export function inReadSnapshot<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(
    db,
    async (tx) => {
      await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true)`);
      return work(tx);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
