import { describe, expect, it } from "vitest";
import { CSV_BOM, toCsv } from "./csv.ts";

describe("CSV files we write", () => {
  it("starts with a byte order mark, quotes every field, doubles quotes and ends lines with CRLF", () => {
    const csv = toCsv(["Name", "Note"], [['Tea "Gold"', "a,b\nc"]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}"Name","Note"\r\n"Tea ""Gold""","a,b\nc"\r\n`);
  });

  it("neutralises text that a spreadsheet would run as a formula", () => {
    const csv = toCsv(["v"], [["=1+1"], ["+SUM(A1)"], ["-2+3"], ["@cmd"], ["\tx"], ["\rx"], ["plain"]]);
    expect(csv.split("\r\n").slice(1, 8)).toEqual([
      `"'=1+1"`,
      `"'+SUM(A1)"`,
      `"'-2+3"`,
      `"'@cmd"`,
      `"'\tx"`,
      `"'\rx"`,
      `"plain"`,
    ]);
  });

  it("keeps numbers in numeric columns as numbers, negatives included, and keeps Arabic text intact", () => {
    const csv = toCsv(
      ["Item", "Qty"],
      [
        ["شاي أخضر", "-2.5"],
        ["=HYPERLINK()", 3],
      ],
      new Set([1]),
    );
    expect(csv).toContain(`"شاي أخضر","-2.5"`);
    expect(csv).toContain(`"'=HYPERLINK()","3"`);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
  });
});
