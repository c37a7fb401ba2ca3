import {
  duplicateColumnsMessage,
  IMPORT_COLUMNS,
  type ImportField,
  MESSAGES,
  missingHeadersMessage,
  normalizeImportHeader,
  unknownColumnsMessage,
} from "@wms/domain";
import Papa from "papaparse";
import { AppError } from "../../http/app-error.ts";

/** One data row as read: its number (1 = first row under the header) and its cells by field. */
export interface RawRow {
  row: number;
  cells: Record<ImportField, string>;
  /** Cells in the row against columns in the header: "short" or "long" when they differ. */
  shape: "ok" | "short" | "long";
}

export interface ReadUpload {
  fileName: string;
  columns: ImportField[];
  rows: RawRow[];
}

const HEADER_BY_NAME = new Map<string, ImportField>(
  IMPORT_COLUMNS.flatMap((column) => [
    [normalizeImportHeader(column.header), column.field] as const,
    ...column.aliases.map((alias) => [alias, column.field] as const),
  ]),
);
const HEADER_OF = new Map(IMPORT_COLUMNS.map((column) => [column.field, column.header]));

/** Signatures of files that are certainly not CSV text: zip (xlsx, ods), OLE (xls), PDF, images. */
const BINARY_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x1f, 0x8b],
];

/** A cell our own CSV export neutralised ('=...) is read back without that one apostrophe. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

function fail(
  code: ConstructorParameters<typeof AppError>[0],
  message: string,
  details?: Record<string, unknown>,
) {
  return new AppError(code, message, details);
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * Decodes the upload as UTF-8, refusing what is not CSV text: a binary file (spreadsheet, PDF,
 * image, anything holding NUL bytes), UTF-16 and any byte sequence that is not valid UTF-8 (Latin-1,
 * Windows-1256 ...), so nothing is ever silently misread. A byte order mark is dropped.
 */
export function decodeUpload(body: Buffer): string {
  if (BINARY_SIGNATURES.some((signature) => startsWith(body, signature))) {
    throw fail("IMPORT_NOT_TEXT", MESSAGES.csvNotText);
  }
  if (startsWith(body, [0xff, 0xfe]) || startsWith(body, [0xfe, 0xff])) {
    throw fail("IMPORT_NOT_UTF8", MESSAGES.csvNotUtf8, { encoding: "UTF-16" });
  }
  if (body.includes(0)) {
    throw fail("IMPORT_NOT_TEXT", MESSAGES.csvNotText);
  }
  try {
    // ignoreBOM false: a leading byte order mark is consumed, not returned.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw fail("IMPORT_NOT_UTF8", MESSAGES.csvNotUtf8);
  }
}

/**
 * The separator, decided from the header line alone: a comma unless the header holds none and uses
 * semicolons (some European Excel settings) or tabs. Data never changes the decision, so a row cannot
 * be silently split differently from its header.
 */
function delimiterOf(text: string): string {
  const end = text.search(/\r\n|\n|\r/);
  const header = end === -1 ? text : text.slice(0, end);
  if (header.includes(",")) {
    return ",";
  }
  if (header.includes(";")) {
    return ";";
  }
  return header.includes("\t") ? "\t" : ",";
}

function cleanCell(value: string | undefined): string {
  const trimmed = (value ?? "").trim();
  return NEUTRALISED.test(trimmed) ? trimmed.slice(1) : trimmed;
}

const isBlankRow = (cells: string[]) => !hasTextFrom(cells, 0);

/** Whether any cell from `start` on holds more than spaces. */
function hasTextFrom(cells: string[], start: number): boolean {
  for (let index = start; index < cells.length; index++) {
    if ((cells[index] as string).trim() !== "") {
      return true;
    }
  }
  return false;
}

/** Every field blank: a row's starting point (cloning a literal is far cheaper than building it per row). */
const BLANK_CELLS = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column.field, ""] as const)) as Record<
  ImportField,
  string
>;

/**
 * Reads an uploaded CSV file into rows keyed by field, or refuses the whole file with the spec's
 * messages: 'Please upload a CSV file' (name), 'CSV file is empty', 'Error parsing CSV' (broken
 * quoting), 'Missing required headers: ...', unknown or repeated columns. Blank lines are skipped but
 * still counted, so row numbers stay those a spreadsheet shows (minus the header).
 */
export function readUpload(fileName: string, body: Buffer): ReadUpload {
  const name = fileName.trim();
  if (!/\.csv$/i.test(name)) {
    throw fail("IMPORT_NOT_CSV", MESSAGES.csvFileRequired);
  }
  if (body.length === 0) {
    throw fail("IMPORT_EMPTY", MESSAGES.csvEmpty);
  }
  const text = decodeUpload(body);
  if (text.trim() === "") {
    throw fail("IMPORT_EMPTY", MESSAGES.csvEmpty);
  }

  const parsed = Papa.parse<string[]>(text, {
    delimiter: delimiterOf(text),
    quoteChar: '"',
    escapeChar: '"',
    header: false,
    skipEmptyLines: false,
    dynamicTyping: false,
  });
  const quoteErrors = parsed.errors.filter((error) => error.type === "Quotes");
  if (quoteErrors.length > 0) {
    throw fail("IMPORT_PARSE_FAILED", MESSAGES.csvParseError, {
      problems: quoteErrors.slice(0, 50).map((error) => ({
        // Papa counts records from 0 with the header as record 0: that is our data row number.
        row: typeof error.row === "number" ? error.row : null,
        message:
          error.code === "MissingQuotes" ? "A quoted field is not closed" : "A quoted field is malformed",
      })),
    });
  }

  const records = parsed.data;
  const headerIndex = records.findIndex((cells) => !isBlankRow(cells));
  if (headerIndex === -1) {
    throw fail("IMPORT_EMPTY", MESSAGES.csvEmpty);
  }
  const headerCells = records[headerIndex] ?? [];
  const dataRecords = records.slice(headerIndex + 1);

  const columns: Array<ImportField | null> = [];
  const unknown: string[] = [];
  const seen = new Map<ImportField, number>();
  headerCells.forEach((cell, index) => {
    const header = cell.trim();
    const field = HEADER_BY_NAME.get(normalizeImportHeader(header));
    if (field) {
      seen.set(field, (seen.get(field) ?? 0) + 1);
      columns.push(field);
      return;
    }
    columns.push(null);
    // A blank header is tolerated when its whole column is blank (trailing separators from Excel).
    if (header !== "" || dataRecords.some((cells) => (cells[index] ?? "").trim() !== "")) {
      unknown.push(header === "" ? `(column ${index + 1} has no header)` : header);
    }
  });
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !seen.has(column.field)).map(
    (column) => column.header,
  );
  const duplicate = [...seen]
    .filter(([, count]) => count > 1)
    .map(([field]) => HEADER_OF.get(field) ?? field);
  const headerDetails = { missing, unknown, duplicate };
  if (missing.length > 0) {
    throw fail("IMPORT_MISSING_HEADERS", missingHeadersMessage(missing), headerDetails);
  }
  if (unknown.length > 0) {
    throw fail("IMPORT_UNKNOWN_COLUMNS", unknownColumnsMessage(unknown), headerDetails);
  }
  if (duplicate.length > 0) {
    throw fail("IMPORT_DUPLICATE_COLUMNS", duplicateColumnsMessage(duplicate), headerDetails);
  }

  const width = headerCells.length;
  // The last column holding a known field: cells after it may be missing without losing anything.
  const lastKnown = columns.reduce((last, field, index) => (field ? index : last), -1);
  const rows: RawRow[] = [];
  for (let index = 0; index < dataRecords.length; index++) {
    const cells = dataRecords[index] as string[];
    if (isBlankRow(cells)) {
      continue;
    }
    const entry = { ...BLANK_CELLS };
    for (let column = 0; column < columns.length; column++) {
      const field = columns[column];
      if (field) {
        entry[field] = cleanCell(cells[column]);
      }
    }
    const shape = cells.length <= lastKnown ? "short" : hasTextFrom(cells, width) ? "long" : "ok";
    rows.push({ row: index + 1, cells: entry, shape });
  }
  if (rows.length === 0) {
    throw fail("IMPORT_EMPTY", MESSAGES.csvEmpty);
  }
  return { fileName: name, columns: columns.filter((field): field is ImportField => field !== null), rows };
}
