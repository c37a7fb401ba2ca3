import { type PipelineClient, sendPipelined, valuesOrFirstFailure } from "./pipeline-mode.ts";

type Query = (this: DeferringClient, ...args: unknown[]) => unknown;
type DeferringClient = PipelineClient & {
  /** A BEGIN asked for and not yet sent: it leaves with the transaction's first statement. */
  heldBegin?: string;
};

const BEGIN = /^\s*begin\b/i;
const END = /^\s*(commit|rollback)\s*;?\s*$/i;

/** pg's answer to a statement that was not sent. */
const answered = (command: string) => ({ command, rowCount: null, oid: null, rows: [], fields: [] });

/** A statement given as text or as a query object, with no parameters and no callback. */
function plainText(args: unknown[]): string | undefined {
  const [config, values] = args;
  if (!isPromiseQuery(args) || (values !== undefined && !(Array.isArray(values) && values.length === 0))) {
    return undefined;
  }
  if (typeof config === "string") {
    return config;
  }
  const query = config as { text?: unknown; values?: unknown[]; name?: unknown } | null;
  if (!query || query.name || (query.values?.length ?? 0) > 0) {
    return undefined;
  }
  return typeof query.text === "string" ? query.text : undefined;
}

/**
 * `query` (pg's Client#query) with BEGIN held back until the transaction's first statement and sent
 * pipelined with it: a transaction then costs one round trip less. Nothing changes for PostgreSQL:
 * a transaction's snapshot is taken at its first statement, not at BEGIN, and its isolation level is
 * BEGIN's own. A COMMIT or ROLLBACK of a transaction that ran no statement is not sent at all.
 * A BEGIN's failure (on a connection gone bad) is the first statement's failure.
 */
export function deferringBegin(query: Query): Query {
  return function (this: DeferringClient, ...args: unknown[]) {
    const text = plainText(args);
    if (text !== undefined && this.heldBegin === undefined && BEGIN.test(text)) {
      this.heldBegin = text;
      return Promise.resolve(answered("BEGIN"));
    }
    const begin = this.heldBegin;
    if (begin === undefined) {
      return query.apply(this, args);
    }
    this.heldBegin = undefined;
    if (text !== undefined && END.test(text)) {
      return Promise.resolve(answered(text.trim().replace(/;$/, "").toUpperCase()));
    }
    if (text === undefined && !isPromiseQuery(args)) {
      // A stream (COPY) or a callback: BEGIN goes first in pg's queue; the statement waits its turn.
      // Should BEGIN fail, the connection is dropped, so the statement can never run outside it.
      void (query.call(this, begin) as Promise<unknown>).catch(() => this.connection?.stream?.destroy?.());
      return query.apply(this, args);
    }
    return sendPipelined(this, [
      () => query.call(this, begin) as Promise<unknown>,
      () => query.apply(this, args) as Promise<unknown>,
    ]).then((outcomes) => valuesOrFirstFailure(outcomes)[1]);
  };
}

/** True when pg answers this call with a promise (no callback, no stream of its own). */
function isPromiseQuery(args: unknown[]): boolean {
  const [config, values, callback] = args;
  return (
    typeof values !== "function" &&
    callback === undefined &&
    typeof (config as { submit?: unknown } | null)?.submit !== "function" &&
    typeof (config as { callback?: unknown } | null)?.callback !== "function"
  );
}
