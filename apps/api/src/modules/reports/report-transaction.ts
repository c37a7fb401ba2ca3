import { sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";

/** Every report reads one snapshot: a movement recorded while it runs is in every figure or in none. */
const REPORT_SNAPSHOT = { isolationLevel: "repeatable read", accessMode: "read only" } as const;

/**
 * A report's settings for its own transaction: JIT compilation of these large statements costs more
 * than it saves, and the ledger's indexes are read from memory, not from a spinning disk (decision 005).
 * Work memory stays the server's: given more, the planner turns the sorted aggregates over the ledger
 * into hash aggregates, which measured slower for every report.
 */
async function useReportSettings(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('random_page_cost', '1.1', true)`);
}

/** Runs a report's queries in one REPEATABLE READ READ ONLY transaction with the report settings. */
export function inReportSnapshot<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(
    db,
    async (tx) => {
      await useReportSettings(tx);
      return work(tx);
    },
    REPORT_SNAPSHOT,
  );
}

/** What pg_export_snapshot() answers, and all SET TRANSACTION SNAPSHOT may be given (it takes no parameter). */
const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9A-F]+)?$/i;

/**
 * Runs `work` on a second connection of the pool, in the snapshot `snapshot` that a report's own
 * transaction exported (pg_export_snapshot): both connections see exactly the same rows, so two parts of
 * one report can run at once, each on a core of its own (decision 029).
 */
export function inExportedSnapshot<T>(
  database: Pick<Database, "db">,
  snapshot: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!SNAPSHOT_ID.test(snapshot)) {
    throw new Error(`not a snapshot id: ${snapshot}`);
  }
  return database.db.transaction(async (tx) => {
    // Before any other statement of the transaction, as PostgreSQL requires.
    await tx.execute(sql.raw(`set transaction snapshot '${snapshot}'`));
    await useReportSettings(tx);
    return work(tx);
  }, REPORT_SNAPSHOT);
}

/**
 * Whether the pool can lend a connection at once. A report holding one connection must never wait
 * for a second: with every connection held by reports doing so, none would ever come free.
 */
export function hasIdleConnection(database: Pick<Database, "pool">): boolean {
  const { pool } = database;
  return pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < pool.options.max);
}
