import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { withChangeEvents } from "../modules/events/change-publisher.ts";
import * as schema from "./schema/index.ts";

export type Db = NodePgDatabase<typeof schema>;
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

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: "wms-api",
  });
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
  // A client in use whose session the server ends (a restart, pg_terminate_backend) emits its error
  // on the client, not the pool: without a listener that would crash the process. The query in
  // flight fails on its own and is answered 503.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema });
  // Every top-level transaction publishes the change events of its writes after it commits.
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    withChangeEvents(db, () => transaction(work, config))) as Db["transaction"];
  return { db, pool, url, close: () => pool.end() };
}
