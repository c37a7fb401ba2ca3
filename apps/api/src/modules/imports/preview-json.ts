import { Readable } from "node:stream";
import type { ImportField, ImportPreviewResponse, ImportPreviewRow } from "@wms/domain";
import { type CheckedRow, isReceipt } from "./import-rows.ts";
import type { CheckedUpload } from "./import-validation.ts";

/** What the preview answer is written from: what is known of the upload before its rows are checked, and its rows to check. */
export interface PreviewSource {
  fileName: string;
  /** Data rows (blank lines left out). */
  rowCount: number;
  /** Items the upload would create. */
  itemCount: number;
  columns: ImportField[];
  rows: Pick<CheckedUpload, "parts" | "checkRows">;
}

/** Bytes of answer per chunk sent. */
const CHUNK_BYTES = 64 * 1024;

function answerRow(row: CheckedRow): ImportPreviewRow {
  return { row: row.row, values: row.values, location: row.placement?.location ?? null, errors: row.errors };
}

/**
 * Text written straight into Buffers, a chunk at a time. Each row's JSON is copied out of V8's heap
 * the moment it is made: gathered there instead (a list of a hundred rows' text, then joined), it
 * outlives enough allocation for V8 to move it to its old generation, where it stays as garbage
 * until a full collection (about 50 MB over a 100,000-row answer).
 */
class ChunkWriter {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  readonly full: Buffer[] = [];

  write(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    if (this.used + text.length * 3 > this.chunk.length) {
      this.flush();
      this.chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, text.length * 3));
    }
    this.used += this.chunk.write(text, this.used);
  }

  flush(): void {
    if (this.used > 0) {
      this.full.push(this.chunk.subarray(0, this.used));
      this.chunk = this.chunk.subarray(this.used);
      this.used = 0;
    }
  }

  /** The chunks written since the last call. */
  take(): Buffer[] {
    return this.full.splice(0);
  }
}

function* previewChunks(source: PreviewSource): Generator<Buffer> {
  const { rows } = source;
  const writer = new ChunkWriter();
  const columns: ImportPreviewResponse["columns"] = source.columns;
  writer.write(`{"columns":${JSON.stringify(columns)},"rows":[`);
  let rowsWithErrors = 0;
  let errorCount = 0;
  let movements = 0;
  let first = true;
  for (let part = 0; part < rows.parts; part++) {
    rows.checkRows((row) => {
      if (!first) {
        writer.write(",");
      }
      first = false;
      rowsWithErrors += row.errors.length > 0 ? 1 : 0;
      errorCount += row.errors.length;
      movements += isReceipt(row) ? 1 : 0;
      writer.write(JSON.stringify(answerRow(row)));
    }, part);
    yield* writer.take();
  }
  const summary: ImportPreviewResponse["summary"] = {
    fileName: source.fileName,
    rows: source.rowCount,
    rowsWithErrors,
    errorCount,
    items: source.itemCount,
    movements,
  };
  // The summary and the verdict come last: they are counted as the rows are checked and written, so
  // the file's rows are checked once for the answer instead of once for its opening and once more.
  writer.write(`],"summary":${JSON.stringify(summary)},"canCommit":${errorCount === 0}}`);
  writer.flush();
  yield* writer.take();
}

/**
 * The preview answer as a stream of JSON text, written as the file is read again a part (a hundred
 * rows) at a time. For a 10 MB upload the answer is about 40 MB of JSON: built as one string it
 * would sit in memory whole (and again in its compressed copy) before the first byte leaves;
 * streamed, only a chunk at a time is held and the client starts receiving at once. The rows are
 * checked as their part is written, so they are never all held, and once only: the summary is counted
 * as they go and written after them. The text is exactly JSON.stringify of the answer
 * (ImportPreviewResponse) with its keys in the order columns, rows, summary, canCommit.
 */
export function previewJson(source: PreviewSource): Readable {
  return Readable.from(previewChunks(source), { objectMode: false });
}
