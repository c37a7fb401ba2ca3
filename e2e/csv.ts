import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** UTF-8's byte order mark, which every CSV of the server starts with (so spreadsheets read Arabic). */
export const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Clicks a button that downloads a file and returns the file's suggested name and bytes. */
export async function downloadFile(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** The text of a CSV file the server wrote: it must start with the byte order mark, which is dropped. */
export function csvText(bytes: Buffer): string {
  expect([...bytes.subarray(0, 3)]).toEqual(UTF8_BOM);
  return bytes.subarray(3).toString("utf8");
}

/** A minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else {
      field += char;
    }
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Clicks an Export CSV button and parses the file it downloads. */
export async function downloadCsv(
  page: Page,
  button: Locator,
): Promise<{ fileName: string; rows: string[][] }> {
  const file = await downloadFile(page, button);
  return { fileName: file.name, rows: parseCsv(csvText(file.bytes)) };
}
