import pg from "pg";
import { statementName } from "./prepared.ts";

/** The parts of pg's Connection a batch writes with (pg 8.23; not all of them in its types). */
export interface BatchConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(config: { text: string; name?: string; types?: unknown }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[]; binary?: boolean }): void;
  describe(config: { type: "P"; name: string }): void;
  execute(config: { portal?: string }): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
}

/** A statement pg has queued: its Query object, which parses its rows and answers its caller. */
export interface QueuedStatement {
  text?: string;
  name?: string;
  values?: unknown[];
  types?: unknown;
  portal?: string;
  binary?: boolean;
  rows?: number;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: BatchConnection): void;
  handleError(error: Error, connection: BatchConnection): void;
  handleReadyForQuery(connection: BatchConnection): void;
  handleCopyInResponse(connection: BatchConnection): void;
  handleCopyData(message: unknown, connection: BatchConnection): void;
}

/** pg's mapping of a JavaScript value to a parameter's text (what its Query binds with). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils
  .prepareValue;

/** The error of a statement PostgreSQL skipped because one before it in its batch failed. */
export class NotRunError extends Error {
  constructor() {
    super("Not run: an earlier statement sent with it failed");
  }
}

/** BEGIN, COMMIT or ROLLBACK, with their options: a handful of texts, each prepared once per connection. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b[a-z\s]{0,80};?\s*$/i;

/**
 * The name a statement is prepared under: its own, or for transaction control the prepared
 * statements' name for its text, so that PostgreSQL parses BEGIN and COMMIT once per connection, not
 * on every transaction (as a simple query it never did; through the extended protocol, unnamed, it
 * would).
 */
function preparedName(statement: QueuedStatement): string | undefined {
  const { name, text } = statement;
  if (name || text === undefined || (statement.values?.length ?? 0) > 0 || !TRANSACTION_CONTROL.test(text)) {
    return name;
  }
  return statementName(text);
}

/** True for a statement a batch can carry: one of pg's own queries, run to its end in one go. */
export function isBatchable(query: unknown): query is QueuedStatement {
  return query instanceof pg.Query && !(query as unknown as QueuedStatement).rows;
}

/**
 * Statements sent to PostgreSQL in one write, with one Sync behind the last, as a pipeline of libpq or
 * pgbench sends them: PostgreSQL answers all of them in one flush, and the API wakes up once. pg
 * sends a Sync behind every statement, and PostgreSQL then flushes its answer to each on its own: for
 * a movement four flushes (BEGIN, the lock, the write, COMMIT) where one will do.
 *
 * It is a custom query of pg's (its Submittable): pg hands it the connection's messages as it does a
 * statement's, and it passes each to the statement it belongs to, pg's own Query object, which parses
 * the rows and answers its caller as pg would. Every statement goes through the extended protocol
 * (a statement without parameters too): a simple query would end in a ReadyForQuery of its own.
 *
 * After a failure PostgreSQL skips every statement up to the Sync: the failed statement gets its
 * error, those after it a NotRunError, and those before it their answers. In a transaction, the
 * transaction is then aborted and still open: the caller's ROLLBACK must be sent.
 */
export class StatementBatch {
  /** The statement whose answers are arriving: PostgreSQL answers in the order sent. */
  private current = 0;
  private readonly completed: boolean[];
  /** Statements whose Parse this batch sent: a name the server never saw parsed is forgotten again. */
  private readonly parsedHere = new Set<number>();
  /** A statement whose values could not be written, and why: it and those after it were not sent. */
  private unsent?: { index: number; error: Error };
  private settled = false;

  constructor(private readonly statements: QueuedStatement[]) {
    this.completed = statements.map(() => false);
  }

  /** The name and text of the statement being answered: pg's client records a ParseComplete with them. */
  get name(): string | undefined {
    const statement = this.statements[this.current];
    return statement && preparedName(statement);
  }

  get text(): string | undefined {
    return this.statements[this.current]?.text;
  }

  submit(connection: BatchConnection): Error | null {
    const values: unknown[][] = [];
    for (const [index, statement] of this.statements.entries()) {
      try {
        values.push((statement.values ?? []).map((value) => prepareValue(value)));
      } catch (error) {
        this.unsent = { index, error: error as Error };
        break;
      }
    }
    if (values.length === 0) {
      // Nothing can be sent: pg answers the batch this error (handleError) and goes on.
      return this.unsent?.error ?? new Error("An empty batch of statements");
    }
    connection.stream.cork?.();
    try {
      for (const [index, statementValues] of values.entries()) {
        this.write(connection, index, statementValues);
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private write(connection: BatchConnection, index: number, values: unknown[]): void {
    const statement = this.statements[index] as QueuedStatement;
    const { text } = statement;
    const name = preparedName(statement);
    const parsed =
      name !== undefined &&
      (name in connection.parsedStatements || name in connection.submittedNamedStatements);
    if (!parsed) {
      connection.parse({ text: text ?? "", name, types: statement.types });
      if (name) {
        connection.submittedNamedStatements[name] = text ?? "";
        this.parsedHere.add(index);
      }
    }
    // The values are mapped already (submit), as pg's bind would: the bytes sent are the same.
    connection.bind({ portal: statement.portal, statement: name, values, binary: statement.binary });
    connection.describe({ type: "P", name: statement.portal ?? "" });
    connection.execute({ portal: statement.portal });
  }

  handleRowDescription(message: unknown): void {
    this.statements[this.current]?.handleRowDescription(message);
  }

  handleDataRow(message: unknown): void {
    this.statements[this.current]?.handleDataRow(message);
  }

  handleCommandComplete(message: unknown, connection: BatchConnection): void {
    this.statements[this.current]?.handleCommandComplete(message, connection);
    this.completed[this.current] = true;
    this.current += 1;
  }

  handleEmptyQuery(): void {
    this.completed[this.current] = true;
    this.current += 1;
  }

  handlePortalSuspended(): void {
    // Never: no statement of a batch asks for its rows in pages (isBatchable).
  }

  handleCopyInResponse(connection: BatchConnection): void {
    this.statements[this.current]?.handleCopyInResponse(connection);
  }

  handleCopyData(message: unknown, connection: BatchConnection): void {
    this.statements[this.current]?.handleCopyData(message, connection);
  }

  /**
   * PostgreSQL's error (pg has already forgotten the failed statement's name if its Parse was not
   * answered), a lost connection, or values that could not be sent at all.
   */
  handleError(error: Error, connection: BatchConnection): void {
    this.finish(connection, { index: this.current, error });
  }

  handleReadyForQuery(connection: BatchConnection): void {
    this.finish(connection, this.unsent);
  }

  private finish(connection: BatchConnection, failure: { index: number; error: Error } | undefined): void {
    if (this.settled) {
      return;
    }
    this.settled = true;
    for (const [index, statement] of this.statements.entries()) {
      if (this.completed[index]) {
        statement.handleReadyForQuery(connection);
        continue;
      }
      const name = preparedName(statement);
      if (this.parsedHere.has(index) && name && index !== failure?.index) {
        // Skipped, so its Parse never ran: the next use of the name must send it again.
        delete connection.submittedNamedStatements[name];
      }
      statement.handleError(index === failure?.index ? failure.error : new NotRunError(), connection);
    }
  }
}
