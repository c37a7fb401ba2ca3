const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);

/**
 * 57014 a statement cancelled (statement_timeout, or an operator's pg_cancel_backend), 25P03 a
 * transaction ended for idling too long, 57P05 a session ended for idling: the work did not happen
 * and the same request may well succeed in a moment.
 */
const TIMEOUT_STATES = new Set(["57014", "25P03", "57P05"]);

/** True when the database or the client gave up waiting (a statement, transaction or answer timeout). */
export function isDatabaseTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    const message = (current as { message?: unknown }).message;
    if (typeof code === "string" && TIMEOUT_STATES.has(code)) {
      return true;
    }
    if (typeof message === "string" && /^Query read timeout$|idle-in-transaction timeout/i.test(message)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True for failures that mean "the database is unreachable or too slow right now" rather than a bad
 * query: answered 503 with the retryable DATABASE_UNAVAILABLE.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isDatabaseTimeout(error)) {
    return true;
  }
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    const message = (current as { message?: unknown }).message;
    if (typeof code === "string") {
      // 08xxx connection exceptions, 57P01-57P03 shutdown/cannot connect now, 53xxx insufficient
      // resources (disk full, out of memory, too many connections): nothing was stored, try later.
      if (
        CONNECTION_ERROR_CODES.has(code) ||
        code.startsWith("08") ||
        /^57P0[1-3]$/.test(code) ||
        code.startsWith("53")
      ) {
        return true;
      }
    }
    if (
      typeof message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The PostgreSQL SQLSTATE of an error or of one of its causes (drizzle wraps driver errors). */
export function sqlStateOf(error: unknown): string | undefined {
  return postgresErrorOf(error)?.code;
}

/** PostgreSQL's own error in a failure (Drizzle wraps it as the cause), with its SQLSTATE and DETAIL. */
export function postgresErrorOf(error: unknown): { code: string; detail?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, detail: typeof detail === "string" ? detail : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
