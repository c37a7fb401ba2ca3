/**
 * The one CSV writer (product-decisions 17): RFC 4180 (every field quoted, quotes doubled, CRLF), UTF-8
 * with a byte order mark so Excel shows Arabic names, and spreadsheet formulas neutralised: a text
 * cell starting with =, +, -, @, tab or carriage return is prefixed with '. Numbers stay numbers.
 */
export const CSV_BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null | undefined;

export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

function csvCell(value: CsvCell, isNumber: boolean): string {
  if (value === null || value === undefined) {
    return '""';
  }
  if (typeof value === "number" || (isNumber && typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value))) {
    return `"${String(value)}"`;
  }
  return csvText(String(value));
}

/**
 * Builds a whole CSV document. `numeric` names the columns whose values are numbers (a negative
 * quantity stays "-2", not "'-2"); every other column is text and is neutralised.
 */
export function toCsv(
  headers: string[],
  rows: CsvCell[][],
  numeric: ReadonlySet<number> = new Set(),
): string {
  const lines = [headers.map((header) => csvText(header)).join(",")];
  for (const row of rows) {
    lines.push(row.map((value, index) => csvCell(value, numeric.has(index))).join(","));
  }
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}
