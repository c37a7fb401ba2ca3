const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);

/** True for failures that mean "the database is unreachable right now" rather than a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
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
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
