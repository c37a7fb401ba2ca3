import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import { connectionOf, type Tx } from "./client.ts";

export type CopyValue = string | number | bigint | null;

/** One CSV field: NULL stays unquoted and empty, every other value is quoted (so "" is an empty text). */
function csvField(value: CopyValue): string {
  if (value === null) {
    return "";
  }
  const text = String(value);
  return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
}

/** Rows as CSV text, a few thousand at a time, so memory never holds the whole file twice. */
function* csvChunks(rows: Iterable<CopyValue[]>, rowsPerChunk = 2_000): Generator<string> {
  let chunk: string[] = [];
  for (const row of rows) {
    chunk.push(`${row.map(csvField).join(",")}\n`);
    if (chunk.length >= rowsPerChunk) {
      yield chunk.join("");
      chunk = [];
    }
  }
  if (chunk.length > 0) {
    yield chunk.join("");
  }
}

/**
 * Streams rows into `table` (a temporary staging table of the caller's transaction) with COPY, the
 * fastest way PostgreSQL takes rows in. `table` and `columns` are the caller's own identifiers, never
 * input from a request.
 */
export async function copyRows(
  tx: Tx,
  table: string,
  columns: readonly string[],
  rows: Iterable<CopyValue[]>,
): Promise<void> {
  const identifier = /^[a-z_][a-z0-9_]*$/;
  if (!identifier.test(table) || !columns.every((column) => identifier.test(column))) {
    throw new Error(`copyRows: unsafe identifier in ${table}(${columns.join(", ")})`);
  }
  const target = connectionOf(tx).query(
    copyFrom(`copy ${table} (${columns.join(", ")}) from stdin with (format csv)`),
  );
  await pipeline(Readable.from(csvChunks(rows)), target);
}
