import { type PipelineClient, sendPipelined, valuesOrFirstFailure } from "./pipeline-mode.ts";

type Query = (this: DeferringClient, ...args: unknown[]) => unknown;
type DeferringClient = PipelineClient & {
  /** A BEGIN asked for and not yet sent: it leaves with the transaction's first statement. */
  heldBegin?: string;
  /** The next statement is the transaction's last (committingWith): COMMIT leaves with it. */
  commitNext?: boolean;
  /** COMMIT has been sent with the last statement: no statement may follow it. */
  lastSent?: boolean;
  /** That COMMIT committed: the transaction's own COMMIT or ROLLBACK is answered without being sent. */
  committed?: boolean;
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
 * A statement named as the transaction's last (committingWith) leaves with COMMIT behind it; see there.
 */
export function deferringBegin(query: Query): Query {
  return function (this: DeferringClient, ...args: unknown[]) {
    const text = plainText(args);
    if (this.lastSent) {
      return afterLastStatement(this, text, () => query.apply(this, args));
    }
    if (text !== undefined && this.heldBegin === undefined && BEGIN.test(text)) {
      this.heldBegin = text;
      return Promise.resolve(answered("BEGIN"));
    }
    const begin = this.heldBegin;
    const commit = this.commitNext === true;
    if (begin === undefined && !commit) {
      return query.apply(this, args);
    }
    this.heldBegin = undefined;
    this.commitNext = false;
    if (begin !== undefined && text !== undefined && END.test(text)) {
      return Promise.resolve(answered(text.trim().replace(/;$/, "").toUpperCase()));
    }
    if (text === undefined && !isPromiseQuery(args)) {
      if (commit) {
        return Promise.reject(new Error("A COPY cannot be sent as a transaction's last statement"));
      }
      // A stream (COPY) or a callback: BEGIN goes first in pg's queue; the statement waits its turn.
      // Should BEGIN fail, the connection is dropped, so the statement can never run outside it.
      void (query.call(this, begin) as Promise<unknown>).catch(() => this.connection?.stream?.destroy?.());
      return query.apply(this, args);
    }
    const sends: Array<() => Promise<unknown>> = [];
    if (begin !== undefined) {
      sends.push(() => query.call(this, begin) as Promise<unknown>);
    }
    const statement = sends.length;
    sends.push(() => query.apply(this, args) as Promise<unknown>);
    if (commit) {
      this.lastSent = true;
      sends.push(() =>
        (query.call(this, "COMMIT") as Promise<{ command?: string }>).then((answer) => {
          // PostgreSQL answers ROLLBACK to the COMMIT of a transaction a failure aborted.
          this.committed = answer.command === "COMMIT";
          return answer;
        }),
      );
    }
    return sendPipelined(this, sends).then((outcomes) => valuesOrFirstFailure(outcomes)[statement]);
  };
}

/**
 * Once COMMIT has left with the last statement, no statement may follow: it would run outside the
 * transaction, and is refused. The runner's own COMMIT or ROLLBACK ends it: answered here when that
 * COMMIT committed, sent otherwise (`send`). A failure before it made PostgreSQL skip it (one Sync
 * for all of them, sendPipelined), so the transaction is aborted but still open; a failure of COMMIT
 * itself ended the transaction, and ROLLBACK then only draws a warning.
 */
function afterLastStatement(client: DeferringClient, text: string | undefined, send: () => unknown) {
  if (text === undefined || !END.test(text)) {
    return Promise.reject(new Error("A statement was sent after its transaction's last statement"));
  }
  const committed = client.committed === true;
  client.lastSent = false;
  client.committed = false;
  return committed ? Promise.resolve(answered(text.trim().replace(/;$/, "").toUpperCase())) : send();
}

/**
 * Sends the statement `send` starts as its transaction's last, pipelined with COMMIT: the transaction
 * costs one round trip less. `send` resolves once both are answered, so its answer means committed;
 * when it fails, PostgreSQL skips COMMIT, the failure is thrown as usual, and the transaction's
 * ROLLBACK ends it. A failure of COMMIT itself (a serialization failure, a dropped
 * connection) is thrown by `send` too. Nothing that can fail may follow it in the transaction's work:
 * the change is committed by then, and a statement sent after it is refused. `send` must send its
 * statement at once (before its first await), as the prepared statements do.
 */
export function committingWith<T>(client: object, send: () => Promise<T>): Promise<T> {
  const connection = client as DeferringClient;
  connection.commitNext = true;
  try {
    const answer = send();
    if (connection.commitNext) {
      throw new Error("The last statement of a transaction was not sent at once");
    }
    return answer;
  } catch (error) {
    return Promise.reject(error);
  } finally {
    connection.commitNext = false;
  }
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
