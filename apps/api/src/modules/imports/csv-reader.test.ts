import { describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error.ts";
import { type RawRow, readUpload, type UploadFile } from "./csv-reader.ts";

const HEADER = "Item Number,Name,Description,Quantity,Warehouse,Shelf,Section";

/** A data line of the file: its number among the data lines decides what it holds. */
function line(n: number): string {
  switch (n % 9) {
    case 1:
      return `Q-${n},"Quoted, with a comma",,1,Main,A,01`;
    case 2:
      return `Q-${n},Breaks,"line one\r\nline ""two""",2,Main,A,02`;
    case 3:
      return ""; // a blank line: skipped, still counted
    case 4:
      // Papa drops a byte order mark at the start of whatever it parses: no part may start here.
      return `\ufeff"Q-${n}",Starts with a byte order mark,,4,Main,B,01`;
    case 5:
      return `Q-${n},Short row`;
    case 6:
      return `Q-${n},شاي أخضر,,6,Main,B,03`;
    default:
      return `Q-${n},Plain,,${n},Main,C,01`;
  }
}

/** Every row as the first reading hands it over, and the file it returns. */
async function read(text: string, recordsPerSlice?: number): Promise<{ file: UploadFile; rows: RawRow[] }> {
  const rows: RawRow[] = [];
  const file = await readUpload("rows.csv", Buffer.from(text), (row) => rows.push(structuredClone(row)), {
    recordsPerSlice,
  });
  return { file, rows };
}

/** What a reading gives: its rows, its file's figures and every part's rows, or the refusal. */
async function outcome(text: string, recordsPerSlice?: number) {
  try {
    const { file, rows } = await read(text, recordsPerSlice);
    const parts = Array.from({ length: file.parts }, (_, part) => readAgain(file, part));
    return { rows, rowCount: file.rowCount, columns: file.columns, parts, again: readAgain(file) };
  } catch (error) {
    if (error instanceof AppError) {
      return { refused: error.code, message: error.message, details: error.details };
    }
    throw error;
  }
}

function readAgain(file: UploadFile, part?: number): RawRow[] {
  const rows: RawRow[] = [];
  file.readRows((row) => rows.push(row), part);
  return rows;
}

describe("reading an upload again from its text", () => {
  it("gives every row exactly as the first reading did, whole or a part at a time", async () => {
    const lines = Array.from({ length: 1_000 }, (_, index) => line(index + 1));
    // A second byte order mark (the first is the encoding's), blank lines around the header, CRLF
    // line breaks, quoted line breaks across parts, and blank lines at the end.
    const text = `\ufeff\ufeff\r\n\r\n${HEADER}\r\n${lines.join("\r\n")}\r\n\r\n`;
    const { file, rows } = await read(text);

    expect(rows.length).toBe(file.rowCount);
    expect(rows.at(-1)?.row).toBe(1_000);
    expect(file.parts).toBeGreaterThan(5);
    expect(readAgain(file)).toEqual(rows);
    const byParts = Array.from({ length: file.parts }, (_, part) => readAgain(file, part)).flat();
    expect(byParts).toEqual(rows);
  });

  it("reads a file without a final line break, or with bare CR line breaks, the same again", async () => {
    for (const text of [
      `${HEADER}\n${Array.from({ length: 250 }, (_, index) => line(index + 1)).join("\n")}`,
      `${HEADER}\r${Array.from({ length: 250 }, (_, index) => line(index + 1).replaceAll("\r\n", " ")).join("\r")}\r`,
    ]) {
      const { file, rows } = await read(text);
      expect(readAgain(file)).toEqual(rows);
      expect(Array.from({ length: file.parts }, (_, part) => readAgain(file, part)).flat()).toEqual(rows);
    }
  });
});

describe("the first reading, in slices", () => {
  const lines = (count: number, newline: string) =>
    Array.from({ length: count }, (_, index) => line(index + 1).replaceAll("\r\n", newline)).join(newline);
  const texts = {
    "CRLF, byte order marks, blank lines at both ends": `\ufeff\ufeff\r\n\r\n${HEADER}\r\n${lines(300, "\r\n")}\r\n\r\n`,
    "one final line break": `${HEADER}\n${lines(120, "\n")}\n`,
    // The empty record after the final line break is where a part would start.
    "a part's worth of records and a final line break": `${HEADER}\n${lines(100, "\n")}\n`,
    "no final line break": `${HEADER}\n${lines(120, "\n")}`,
    "no quotes at all": `${HEADER}\n${Array.from({ length: 150 }, (_, index) => `Q-${index},Plain,,1,Main,A,01`).join("\n")}\n`,
    "bare CR line breaks": `${HEADER}\r${lines(120, "\r")}\r`,
    semicolons: `${HEADER.replaceAll(",", ";")}\n${lines(40, "\n").replaceAll(",", ";")}\n`,
    "a quoted field never closed": `${HEADER}\n${lines(40, "\n")}\nQ-X,"open,,1,Main,A,01\nQ-Y,Plain,,1,Main,A,01\n`,
    "only a header": `${HEADER}\r\n\r\n`,
  };

  it("gives the same rows, parts and refusals whatever the slice's size", async () => {
    for (const [name, text] of Object.entries(texts)) {
      const whole = await outcome(text, Number.MAX_SAFE_INTEGER);
      for (const recordsPerSlice of [1, 2, 3, 7, 100]) {
        expect({ name, recordsPerSlice, ...(await outcome(text, recordsPerSlice)) }).toEqual({
          name,
          recordsPerSlice,
          ...whole,
        });
      }
    }
  });

  it("lets the event loop take a turn between slices", async () => {
    let turned = false;
    const turnedByRow: boolean[] = [];
    setImmediate(() => {
      turned = true;
    });
    await readUpload(
      "rows.csv",
      Buffer.from(`${HEADER}\n${lines(5, "\n")}\n`),
      () => turnedByRow.push(turned),
      {
        recordsPerSlice: 2,
      },
    );
    // The header and the first data row make the first slice: the turn comes before the second row.
    expect(turnedByRow[0]).toBe(false);
    expect(turnedByRow.at(-1)).toBe(true);
  });
});
