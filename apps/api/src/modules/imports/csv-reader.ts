import { setImmediate as nextTurn } from "node:timers/promises";
import { IMPORT_COLUMNS, type ImportField, MESSAGES } from "@wms/domain";
import Papa from "papaparse";
import { AppError } from "../../http/app-error.ts";
import { decodeUpload } from "./csv-decoding.ts";
import { checkHeader, type Header, headerOf } from "./csv-header.ts";

/** One data row as read: its number (1 = first row under the header) and its cells by field. */
export interface RawRow {
  row: number;
  cells: Record<ImportField, string>;
  /** Cells in the row against columns in the header: "short" or "long" when they differ. */
  shape: "ok" | "short" | "long";
}

/** A cell our own CSV export neutralised ('=...) is read back without that one apostrophe. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * How every reading parses: RFC 4180 quoting, every record kept as read (blank ones too). Always
 * Papa's full parser: its fast path for text without quotes splits all the text it is given into
 * lines first, which the first reading (a slice at a time, each given the rest of the text) would pay
 * on every slice; the full parser reads only as far as it is asked to, and as fast.
 */
const PARSING = {
  quoteChar: '"',
  escapeChar: '"',
  header: false,
  skipEmptyLines: false,
  dynamicTyping: false,
  fastMode: false,
} as const;

/** Data records in a part of the file (see UploadFile.readRows): about 40 KB of preview answer. */
const RECORDS_PER_CHECKPOINT = 100;

/**
 * Records the first reading parses and hands on before it lets the event loop take its next turn: a
 * few tens of ms of work, where a 10 MB file read at once held every other request to the process
 * for over a second.
 */
const RECORDS_PER_SLICE = 2_000;

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
 * A data record's cells by field, cleaned. Repeated texts (a unit, a warehouse) are not shared through
 * a table of strings: a row lives only while it is checked, and the lookups cost a sixth of the
 * upload's time in Node for about 2 MB less at its peak (docs/decisions/012-bulk-upload-memory.md).
 */
function rowOf(header: Header, cells: string[], row: number): RawRow {
  const entry = { ...BLANK_CELLS };
  const { columns } = header;
  for (let column = 0; column < columns.length; column++) {
    const field = columns[column];
    if (field) {
      entry[field] = cleanCell(cells[column]);
    }
  }
  const shape =
    cells.length <= header.lastKnown ? "short" : hasTextFrom(cells, header.cells.length) ? "long" : "ok";
  return { row, cells: entry, shape };
}

/**
 * Where a later reading starts: an offset in the text, the records there to pass over (the header
 * and the lines before it, for the first part) and the data records before it.
 */
interface Checkpoint {
  offset: number;
  skip: number;
  records: number;
}

/** What the first reading learnt for the ones after it. */
interface Reading {
  text: string;
  delimiter: string;
  newline: "\r\n" | "\n" | "\r";
  header: Header;
  checkpoints: Checkpoint[];
  /** Data records, blank ones included. */
  records: number;
}

/**
 * A CSV upload past the file-level checks. It keeps its text, not its rows: readRows() reads them
 * again, as often as a check needs, handing each to its caller as it is parsed. A 10 MB upload thus
 * never holds its 100,000 rows and their 1,100,000 cells: a row lives while it is checked, and V8
 * frees it young instead of piling it up in its old generation (which it collects only when grown
 * to several times what it holds).
 */
export class UploadFile {
  constructor(
    readonly fileName: string,
    /** The file's columns in file order, as their fields. */
    readonly columns: ImportField[],
    /** Data rows (blank lines left out). */
    readonly rowCount: number,
    private readonly reading: Reading,
  ) {}

  /** The parts readRows can read one at a time (a hundred data records each). */
  get parts(): number {
    return this.reading.checkpoints.length;
  }

  /**
   * The data rows again, in file order, exactly as the first reading gave them: all of them, or
   * those of one part (for an answer written as it is read, a part at a time).
   */
  readRows(onRow: (row: RawRow) => void, part?: number): void {
    const { text, checkpoints, header, delimiter, newline } = this.reading;
    const from = checkpoints[part ?? 0];
    if (from === undefined) {
      return;
    }
    const to = part === undefined ? undefined : checkpoints[part + 1];
    // A part holds whole records (a checkpoint is a record's start), so it parses alone as it did
    // within the file. An empty last record (after a final line break) may yield nothing: it was
    // blank, and nothing comes after it.
    const count = (to?.records ?? this.reading.records) - from.records;
    let skip = from.skip;
    let record = from.records;
    Papa.parse<string[]>(text.slice(from.offset, to?.offset ?? text.length), {
      ...PARSING,
      delimiter,
      newline,
      step: (results, parser) => {
        if (skip > 0) {
          skip -= 1;
          return;
        }
        record += 1;
        if (record - from.records > count) {
          parser.abort();
        } else if (!isBlankRow(results.data)) {
          onRow(rowOf(header, results.data, record));
        }
      },
    });
  }
}

/**
 * Reads an uploaded CSV file, or refuses the whole file with the spec's messages: 'Please upload a
 * CSV file' (name), 'CSV file is empty', 'Error parsing CSV' (broken quoting), 'Missing required
 * headers: ...', unknown or repeated columns. Blank lines are skipped but still counted, so row
 * numbers stay those a spreadsheet shows (minus the header). Each data row is handed to `onRow` as
 * it is read (before the file-level checks end) and not kept; UploadFile.readRows reads them again.
 *
 * The text is parsed in slices of `recordsPerSlice` records, with a turn of the event loop between
 * them, so other requests are answered while a large file is read. A slice starts where a record
 * does, so it parses as it did within the whole text (as UploadFile's parts do), and never at a byte
 * order mark (Papa would drop it) or at the text's end (where Papa would not give the empty record a
 * final line break leaves).
 */
export async function readUpload(
  fileName: string,
  body: Buffer,
  onRow: (row: RawRow) => void,
  { recordsPerSlice = RECORDS_PER_SLICE } = {},
): Promise<UploadFile> {
  const name = fileName.trim();
  if (!/\.csv$/i.test(name)) {
    throw new AppError("IMPORT_NOT_CSV", MESSAGES.csvFileRequired);
  }
  if (body.length === 0) {
    throw new AppError("IMPORT_EMPTY", MESSAGES.csvEmpty);
  }
  const text = decodeUpload(body);
  if (text.trim() === "") {
    throw new AppError("IMPORT_EMPTY", MESSAGES.csvEmpty);
  }
  const delimiter = delimiterOf(text);
  // Papa drops a byte order mark at the start of what it parses and counts its cursor from after it.
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const checkpoints: Checkpoint[] = [];
  const quoteProblems: Array<{ row: number | null; message: string }> = [];
  let quoteErrors = 0;
  const textUnderBlankHeader = new Set<number>();
  let header: Header | null = null;
  let newline: Reading["newline"] = "\n";
  let rowCount = 0;
  // Records read so far (the header and blank lines included), data records after the header, and
  // the offset where the next record starts.
  let records = 0;
  let dataRecords = 0;
  let offset = 0;
  let nextCheckpoint = RECORDS_PER_CHECKPOINT;
  // Where the slice being parsed starts in the text, and whether it was cut before the text's end.
  let sliceStart = 0;
  let cut = true;
  const readRecord = (results: Papa.ParseStepResult<string[]>) => {
    const record = records++;
    const start = offset;
    offset = sliceStart + results.meta.cursor + (sliceStart === 0 ? shift : 0);
    newline = results.meta.linebreak as Reading["newline"];
    for (const error of results.errors) {
      if (error.type === "Quotes" && quoteErrors++ < 50) {
        // The record's number counting the header as 0 (what Papa reports when it parses all at
        // once; in step mode it numbers each record 0): that is our data row number.
        quoteProblems.push({
          row: record,
          message:
            error.code === "MissingQuotes" ? "A quoted field is not closed" : "A quoted field is malformed",
        });
      }
    }
    const cells = results.data;
    if (header === null) {
      if (!isBlankRow(cells)) {
        header = headerOf(cells);
        // The first part starts where this reading did, so Papa reads the text's start as it did here.
        checkpoints.push({ offset: 0, skip: record + 1, records: 0 });
      }
      return;
    }
    // Papa drops a byte order mark at the start of whatever it parses, so no part starts at one.
    if (dataRecords >= nextCheckpoint && text.charCodeAt(start) !== 0xfeff) {
      checkpoints.push({ offset: start, skip: 0, records: dataRecords });
      nextCheckpoint = dataRecords + RECORDS_PER_CHECKPOINT;
    }
    dataRecords += 1;
    if (isBlankRow(cells)) {
      return;
    }
    for (const index of header.blankHeaded) {
      if ((cells[index] ?? "").trim() !== "") {
        textUnderBlankHeader.add(index);
      }
    }
    rowCount += 1;
    onRow(rowOf(header, cells, dataRecords));
  };
  while (cut) {
    cut = false;
    let parsed = 0;
    Papa.parse<string[]>(sliceStart === 0 ? text : text.slice(sliceStart), {
      ...PARSING,
      delimiter,
      // The first slice finds the line break as a reading of the whole text would; the rest keep it.
      ...(sliceStart === 0 ? {} : { newline }),
      step: (results, parser) => {
        readRecord(results);
        parsed += 1;
        if (parsed >= recordsPerSlice && offset < text.length && text.charCodeAt(offset) !== 0xfeff) {
          cut = true;
          parser.abort();
        }
      },
    });
    if (cut) {
      sliceStart = offset;
      await nextTurn();
    }
  }
  if (quoteErrors > 0) {
    throw new AppError("IMPORT_PARSE_FAILED", MESSAGES.csvParseError, { problems: quoteProblems });
  }
  if (header === null) {
    throw new AppError("IMPORT_EMPTY", MESSAGES.csvEmpty);
  }
  const columns = checkHeader(header, textUnderBlankHeader);
  if (rowCount === 0) {
    throw new AppError("IMPORT_EMPTY", MESSAGES.csvEmpty);
  }
  const reading = { text, delimiter, newline, header, checkpoints, records: dataRecords };
  return new UploadFile(name, columns, rowCount, reading);
}
