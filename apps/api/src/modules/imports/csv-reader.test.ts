import { describe, expect, it } from "vitest";
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
function read(text: string): { file: UploadFile; rows: RawRow[] } {
  const rows: RawRow[] = [];
  const file = readUpload("rows.csv", Buffer.from(text), (row) => rows.push(structuredClone(row)));
  return { file, rows };
}

function readAgain(file: UploadFile, part?: number): RawRow[] {
  const rows: RawRow[] = [];
  file.readRows((row) => rows.push(row), part);
  return rows;
}

describe("reading an upload again from its text", () => {
  it("gives every row exactly as the first reading did, whole or a part at a time", () => {
    const lines = Array.from({ length: 1_000 }, (_, index) => line(index + 1));
    // A second byte order mark (the first is the encoding's), blank lines around the header, CRLF
    // line breaks, quoted line breaks across parts, and blank lines at the end.
    const text = `\ufeff\ufeff\r\n\r\n${HEADER}\r\n${lines.join("\r\n")}\r\n\r\n`;
    const { file, rows } = read(text);

    expect(rows.length).toBe(file.rowCount);
    expect(rows.at(-1)?.row).toBe(1_000);
    expect(file.parts).toBeGreaterThan(5);
    expect(readAgain(file)).toEqual(rows);
    const byParts = Array.from({ length: file.parts }, (_, part) => readAgain(file, part)).flat();
    expect(byParts).toEqual(rows);
  });

  it("reads a file without a final line break, or with bare CR line breaks, the same again", () => {
    for (const text of [
      `${HEADER}\n${Array.from({ length: 250 }, (_, index) => line(index + 1)).join("\n")}`,
      `${HEADER}\r${Array.from({ length: 250 }, (_, index) => line(index + 1).replaceAll("\r\n", " ")).join("\r")}\r`,
    ]) {
      const { file, rows } = read(text);
      expect(readAgain(file)).toEqual(rows);
      expect(Array.from({ length: file.parts }, (_, part) => readAgain(file, part)).flat()).toEqual(rows);
    }
  });
});
