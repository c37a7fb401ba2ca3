import { createHash } from "node:crypto";
import { DrizzleQueryError, fillPlaceholders, type SQL } from "drizzle-orm";
import type { QueryConfig, QueryResult, QueryResultRow } from "pg";
import type { DbOrTx } from "./client.ts";

/** What Drizzle's db and transaction objects hold but do not type publicly (drizzle-orm 0.45). */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): BuiltQuery };
  session: {
    /** The pool (db), or the connection of a transaction. */
    client: { query(config: QueryConfig, values: unknown[]): Promise<QueryResult> };
    prepareQuery(
      query: BuiltQuery,
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { rawQueryConfig: { types: QueryConfig["types"] } };
  };
}

interface BuiltQuery {
  sql: string;
  params: unknown[];
}

const names = new Map<string, string>();

/** The statement's name: a digest of its text, so two different texts can never share a name. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `wms_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs `query` as a named prepared statement of its connection. PostgreSQL then parses and plans it
 * once per connection instead of on every call: for the statements of recording a movement, planning
 * cost more than running (2 ms of planning against 1.5 ms of execution for the lock statement), and
 * made most of the server's time per movement. The answer is Drizzle's `execute` answer, with the
 * same type parsing.
 *
 * Only for statements whose text does not depend on the input (values travel as parameters, lists
 * as one array or JSON parameter): every distinct text stays prepared for the connection's life.
 */
export async function executePrepared<T extends QueryResultRow>(
  db: DbOrTx,
  query: SQL,
): Promise<QueryResult<T>> {
  const built = (db as unknown as DrizzleInternals).dialect.sqlToQuery(query);
  return runNamed<T>(db, built, statementName(built.sql));
}

/** A statement prepared once (preparedStatement), run with one call's values. */
export type PreparedStatement<Values> = <T extends QueryResultRow>(
  db: DbOrTx,
  values: Values,
) => Promise<QueryResult<T>>;

/**
 * A statement of fixed text, its values given as `sql.placeholder(name)`, rendered once (on first use)
 * and then run as executePrepared runs it, with the values of each call: for the statements of every
 * movement, rendering Drizzle's SQL afresh each time was a twentieth of the API's time.
 */
export function preparedStatement<Values extends Record<string, unknown>>(
  query: () => SQL,
): PreparedStatement<Values> {
  let built: { query: BuiltQuery; name: string } | undefined;
  return function run<T extends QueryResultRow>(db: DbOrTx, values: Values): Promise<QueryResult<T>> {
    if (built === undefined) {
      const rendered = (db as unknown as DrizzleInternals).dialect.sqlToQuery(query());
      built = { query: rendered, name: statementName(rendered.sql) };
    }
    return runNamed<T>(db, built.query, built.name, values);
  };
}

/** The type parsers Drizzle gives pg for a raw statement (timestamps and dates stay text), read once. */
let drizzleTypes: QueryConfig["types"] | undefined;

/**
 * Runs a rendered statement as the named prepared statement `name` of the connection: what Drizzle's
 * `execute` does for a raw statement (its type parsers; a failure wrapped as its DrizzleQueryError),
 * sent to pg directly. Drizzle builds a prepared-query object on every call, with two query configs,
 * and wraps pg's call in three async layers: through it a statement cost the API 38 µs of CPU, sent
 * directly 33 µs (medians of six alternating rounds of 20,000 statements in 8 transactions).
 */
async function runNamed<T extends QueryResultRow>(
  db: DbOrTx,
  query: BuiltQuery,
  name: string,
  values?: Record<string, unknown>,
): Promise<QueryResult<T>> {
  const { session } = db as unknown as DrizzleInternals;
  drizzleTypes ??= session.prepareQuery(query, undefined, name, false).rawQueryConfig.types;
  const params = fillPlaceholders(query.params, values ?? {});
  try {
    return (await session.client.query(
      { name, text: query.sql, types: drizzleTypes },
      params,
    )) as QueryResult<T>;
  } catch (error) {
    throw new DrizzleQueryError(query.sql, params, error as Error);
  }
}
