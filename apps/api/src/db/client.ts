import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { flushChangeEvents, withChangeEvents } from "../modules/events/change-publisher.ts";
import { poolTransaction } from "./pool-transaction.ts";
import { deferringBegin } from "./transaction-ends.ts";

/**
 * Without the schema: nothing uses Drizzle's relational queries (`db.query`), and with a schema Drizzle
 * builds a query builder for every table each time it opens a transaction.
 */
export type Db = NodePgDatabase;
/** A transaction handle: the same query API as Db, bound to one connection. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The connection URL, for the dedicated LISTEN connection of the change-event bus. */
  url: string;
  close(): Promise<void>;
}

// Return bigint counts and numerics as strings (never binary floats); timestamps stay Date objects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

/**
 * Limits that keep a request from hanging on a database that stopped answering (reliability
 * checklist F8). A statement of request traffic may run 30 s before PostgreSQL cancels it; work that
 * legitimately runs longer (a bulk upload's commit, the ledger check) raises its own limit for its
 * transaction with allowLongStatements. The client gives up a few seconds after the server should
 * have: that only happens when the server or the network is gone (a half-open connection), and the
 * connection is then destroyed rather than reused. TCP keepalive finds dead idle connections.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** A transaction left idle this long (a stuck request) is ended by PostgreSQL, releasing its locks. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
const CLIENT_GRACE_MS = 5_000;
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

export interface DatabaseOptions {
  max?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** How long the client waits for any answer (default: the statement timeout plus a grace). */
  queryTimeoutMs?: number;
}

/** pg's connection settings, read at each query: raising query_timeout covers a long transaction. */
type ClientWithSettings = pg.ClientBase & {
  connectionParameters: { query_timeout?: number | false };
  connection?: { stream?: { destroy(): void } };
};

export const QUERY_READ_TIMEOUT_MESSAGE = "Query read timeout";

/**
 * A pg client that drops its connection when the client-side query timeout fires. pg itself keeps
 * the connection and waits for the late answer, so on a half-open connection every later query on it
 * would hang too, including the ROLLBACK that returns it to the pool. It also holds a BEGIN back to
 * send it with the transaction's first statement (deferringBegin).
 */
class GuardedClient extends pg.Client {}
const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
const sendQuery = deferringBegin(function (...args: unknown[]) {
  // Looked up on each call, so the test-only fault injection's wrapper of pg.Client still applies.
  return (pg.Client.prototype.query as typeof baseQuery).apply(this, args);
});
GuardedClient.prototype.query = function (this: ClientWithSettings, ...args: unknown[]) {
  const result = sendQuery.apply(this, args) as
    | (Promise<unknown> & { on?: never })
    | { on?: (event: string, listener: (error: Error) => void) => void; then?: never }
    | undefined;
  const dropOnTimeout = (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_READ_TIMEOUT_MESSAGE) {
      this.connection?.stream?.destroy();
    }
  };
  if (result && typeof result.then === "function") {
    result.then(undefined, dropOnTimeout);
  } else if (result && typeof result.on === "function") {
    result.on("error", dropOnTimeout); // a COPY stream
  }
  return result;
} as unknown as typeof pg.Client.prototype.query;

export function connectDatabase(url: string, options: DatabaseOptions = {}): Database {
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  // No statement limit (0) means no client-side limit either.
  const queryTimeoutMs =
    options.queryTimeoutMs ?? (statementTimeoutMs > 0 ? statementTimeoutMs + CLIENT_GRACE_MS : 0);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: "wms-api",
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    statement_timeout: statementTimeoutMs,
    query_timeout: queryTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS,
    Client: GuardedClient,
  });
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
  // A client in use whose session the server ends (a restart, pg_terminate_backend) emits its error
  // on the client, not the pool: without a listener that would crash the process. The query in
  // flight fails on its own and is answered 503.
  pool.on("connect", (client) => client.on("error", () => {}));
  // A transaction that raised its client-side limit (allowLongStatements) hands the connection back
  // with the pool's own limit.
  pool.on("release", (_error, client) => {
    (client as unknown as ClientWithSettings).connectionParameters.query_timeout = queryTimeoutMs;
    // Every transaction ends with COMMIT or ROLLBACK, which sends or drops a BEGIN held back and
    // clears a COMMIT sent with the last statement (transaction-ends.ts); this only keeps a
    // connection from carrying either to its next user should that ever not happen.
    Object.assign(client, { heldBegin: undefined, commitNext: false, lastSent: false, committed: false });
  });
  const db = drizzle(pool);
  // Every top-level transaction publishes the change events of its writes after it commits.
  const transaction = poolTransaction(pool);
  db.transaction = ((work, config) =>
    withChangeEvents(db, (track) => transaction((tx) => work(track(tx)), config))) as Db["transaction"];
  const close = async () => {
    await flushChangeEvents(db);
    await pool.end();
  };
  return { db, pool, url, close };
}

/**
 * The connection a transaction runs on, for what Drizzle does not speak (COPY) and for its settings.
 */
export function connectionOf(tx: Tx): pg.ClientBase {
  const client = (tx as unknown as { session?: { client?: pg.ClientBase } }).session?.client;
  if (!client || typeof client.query !== "function") {
    throw new Error("The transaction exposes no PostgreSQL connection");
  }
  return client;
}

/**
 * Lets the rest of this transaction run statements of up to `ms` (and pause up to `ms` between them)
 * instead of the request limits: for work that is long by nature, such as a bulk upload's commit.
 * `set local` ends with the transaction; the client-side limit is restored when the connection
 * returns to the pool.
 */
export async function allowLongStatements(tx: Tx, ms: number): Promise<void> {
  const limit = String(Math.max(1, Math.trunc(ms)));
  await tx.execute(sql`
    select set_config('statement_timeout', ${limit}, true),
           set_config('idle_in_transaction_session_timeout', ${limit}, true)`);
  const client = connectionOf(tx) as ClientWithSettings;
  if (client.connectionParameters) {
    client.connectionParameters.query_timeout = Math.trunc(ms) + CLIENT_GRACE_MS;
  }
}
