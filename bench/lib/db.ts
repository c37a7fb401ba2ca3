import pg from "pg";
import { connectDatabase } from "../../apps/api/src/db/client.ts";
import { runMigrations } from "../../apps/api/src/db/migrate.ts";
import { checkLedger, type LedgerViolation } from "../../apps/api/src/modules/stock/ledger-invariants.ts";

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The PostgreSQL server with pgbench the benchmark uses (BENCH_PG_URL), as its superuser. */
export const BENCH_SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The end of the benchmark's database names (BENCH_DB_SUFFIX): lets two runs share one server. */
export const BENCH_DB_SUFFIX = /^[a-z0-9_]{0,20}$/.test(process.env.BENCH_DB_SUFFIX ?? "")
  ? (process.env.BENCH_DB_SUFFIX ?? "")
  : "";
/** The database the benchmark loads its data set into on that server, and leaves for the diagnostics. */
export const BENCH_DATASET_DB = `wms_bench${BENCH_DB_SUFFIX}`;
export const BENCH_DATASET_URL = withDatabase(BENCH_SERVER_URL, BENCH_DATASET_DB);

export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Drops and recreates `database` on the server at `serverUrl` (a URL to its maintenance database). */
export async function recreateDatabase(serverUrl: string, database: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(database)) {
    throw new Error(`unsafe database name ${database}`);
  }
  await query(serverUrl, `drop database if exists ${database} with (force)`);
  await query(serverUrl, `create database ${database}`);
  return withDatabase(serverUrl, database);
}

export async function migrate(url: string): Promise<number> {
  const start = performance.now();
  const database = connectDatabase(url, { max: 2 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return Math.round(performance.now() - start);
}

export async function ledgerViolations(url: string): Promise<{ violations: LedgerViolation[]; ms: number }> {
  const start = performance.now();
  const database = connectDatabase(url, { max: 2 });
  try {
    const violations = await checkLedger(database.db);
    return { violations, ms: Math.round(performance.now() - start) };
  } finally {
    await database.close();
  }
}

export async function serverVersion(url: string): Promise<string> {
  const rows = await query<{ v: string }>(url, "select version() as v");
  return rows[0]?.v ?? "unknown";
}

/** Times `text` over `runs` runs after one warm-up run; returns each run in milliseconds. */
export async function timeQuery(
  url: string,
  text: string,
  values: unknown[],
  runs: number,
): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, values);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await client.query(text, values);
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    await client.end();
  }
}

export async function explainAnalyze(url: string, text: string, values: unknown[] = []): Promise<string> {
  const rows = await query<{ "QUERY PLAN": string }>(url, `explain (analyze, buffers) ${text}`, values);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
