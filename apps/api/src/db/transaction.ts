import { MESSAGES } from "@wms/domain";
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
