import {
  duplicateColumnsMessage,
  IMPORT_COLUMNS,
  type ImportField,
  missingHeadersMessage,
  normalizeImportHeader,
  unknownColumnsMessage,
} from "@wms/domain";
import { AppError } from "../../http/app-error.ts";

const HEADER_BY_NAME = new Map<string, ImportField>(
  IMPORT_COLUMNS.flatMap((column) => [
    [normalizeImportHeader(column.header), column.field] as const,
    ...column.aliases.map((alias) => [alias, column.field] as const),
  ]),
);
const HEADER_OF = new Map(IMPORT_COLUMNS.map((column) => [column.field, column.header]));

/** The header line: each column's field (null for one we do not know) and what it says about rows. */
export interface Header {
  cells: string[];
  columns: Array<ImportField | null>;
  /** Columns with a blank header: tolerated while every cell under them is blank too. */
  blankHeaded: number[];
  /** The last column holding a known field: cells after it may be missing without losing anything. */
  lastKnown: number;
}

export function headerOf(cells: string[]): Header {
  const columns = cells.map((cell) => HEADER_BY_NAME.get(normalizeImportHeader(cell.trim())) ?? null);
  return {
    cells,
    columns,
    blankHeaded: cells.flatMap((cell, index) =>
      columns[index] === null && cell.trim() === "" ? [index] : [],
    ),
    lastKnown: columns.reduce((last, field, index) => (field ? index : last), -1),
  };
}

/**
 * Refuses a header naming a required column nowhere, a column we do not know (a blank header only
 * when cells under it hold text) or one column twice, with the spec's messages. Returns the file's
 * columns in file order, as their fields.
 */
export function checkHeader(header: Header, textUnderBlankHeader: Set<number>): ImportField[] {
  const unknown: string[] = [];
  const seen = new Map<ImportField, number>();
  header.cells.forEach((cell, index) => {
    const field = header.columns[index];
    if (field) {
      seen.set(field, (seen.get(field) ?? 0) + 1);
      return;
    }
    const text = cell.trim();
    if (text !== "" || textUnderBlankHeader.has(index)) {
      unknown.push(text === "" ? `(column ${index + 1} has no header)` : text);
    }
  });
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !seen.has(column.field)).map(
    (column) => column.header,
  );
  const duplicate = [...seen]
    .filter(([, count]) => count > 1)
    .map(([field]) => HEADER_OF.get(field) ?? field);
  const details = { missing, unknown, duplicate };
  if (missing.length > 0) {
    throw new AppError("IMPORT_MISSING_HEADERS", missingHeadersMessage(missing), details);
  }
  if (unknown.length > 0) {
    throw new AppError("IMPORT_UNKNOWN_COLUMNS", unknownColumnsMessage(unknown), details);
  }
  if (duplicate.length > 0) {
    throw new AppError("IMPORT_DUPLICATE_COLUMNS", duplicateColumnsMessage(duplicate), details);
  }
  return header.columns.filter((field): field is ImportField => field !== null);
}
