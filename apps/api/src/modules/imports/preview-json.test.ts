import type { ImportPreviewResponse, ImportPreviewRow } from "@wms/domain";
import { describe, expect, it } from "vitest";
import type { CheckedRow } from "./import-rows.ts";
import { type PreviewSource, previewJson } from "./preview-json.ts";

const PARTS = 50;
const ROWS_PER_PART = 100;

function checkedRow(row: number): CheckedRow {
  return {
    row,
    itemKey: `item-${row}`,
    values: {
      itemNo: `ITEM-${row}`,
      name: row % 7 === 0 ? "شاي أخضر" : `Item ${row}`,
      description: "",
      type: "TEA",
      unit: "pieces",
      unitPrice: "1.5",
      minQuantity: "0",
      quantity: String(row),
      warehouse: "Main",
      shelf: "A",
      section: "01",
    },
    gives: 0,
    quantity: String(row),
    placement:
      row % 2 === 0
        ? {
            locationId: 7,
            location: { warehouseId: 1, warehouseName: "Main", shelf: "A", section: "01", code: "MainA01" },
          }
        : null,
    errors: row % 3 === 0 ? [{ row, field: "quantity", message: "Quantity is not valid" }] : [],
    unreadable: false,
  };
}

/** An upload of PARTS parts whose rows are made when a part is checked, counting the parts checked. */
function preview() {
  const checkedParts: number[] = [];
  const answer: PreviewSource = {
    fileName: "x.csv",
    rowCount: PARTS * ROWS_PER_PART,
    itemCount: 4_321,
    columns: ["itemNo", "name"],
    rows: {
      parts: PARTS,
      checkRows: (onRow, part = 0) => {
        checkedParts.push(part);
        for (let n = 1; n <= ROWS_PER_PART; n++) {
          onRow(checkedRow(part * ROWS_PER_PART + n));
        }
      },
    },
  };
  return { answer, checkedParts };
}

describe("the preview answer", () => {
  it("is the answer's JSON, its rows in their answer form and its summary counted from them", async () => {
    const { answer, checkedParts } = preview();
    const chunks: Buffer[] = [];
    for await (const chunk of previewJson(answer)) {
      chunks.push(chunk);
    }
    const rows: ImportPreviewRow[] = Array.from({ length: PARTS * ROWS_PER_PART }, (_, index) => {
      const { row, values, placement, errors } = checkedRow(index + 1);
      return { row, values, location: placement?.location ?? null, errors };
    });
    // Every third row has an error; every row's quantity is its number, so each is a receipt.
    const withErrors = Math.floor((PARTS * ROWS_PER_PART) / 3);
    const expected: ImportPreviewResponse = {
      columns: ["itemNo", "name"],
      rows,
      summary: {
        fileName: "x.csv",
        rows: PARTS * ROWS_PER_PART,
        rowsWithErrors: withErrors,
        errorCount: withErrors,
        items: 4_321,
        movements: PARTS * ROWS_PER_PART,
      },
      canCommit: false,
    };
    expect(Buffer.concat(chunks).toString("utf8")).toBe(JSON.stringify(expected));
    // Each part checked once: the summary needs no reading of its own.
    expect(checkedParts).toEqual(Array.from({ length: PARTS }, (_, index) => index));
  });

  it("lets a file without errors be committed, and counts only rows with a quantity above 0 as receipts", async () => {
    const source: PreviewSource = {
      fileName: "clean.csv",
      rowCount: 3,
      itemCount: 3,
      columns: ["itemNo", "quantity"],
      rows: {
        parts: 1,
        checkRows: (onRow) => {
          for (const [row, quantity] of [
            [1, "5"],
            [2, "0"],
            [3, null],
          ] as const) {
            onRow({ ...checkedRow(row), errors: [], quantity });
          }
        },
      },
    };
    const chunks: Buffer[] = [];
    for await (const chunk of previewJson(source)) {
      chunks.push(chunk);
    }
    const answer = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ImportPreviewResponse;
    expect(answer.summary).toEqual({
      fileName: "clean.csv",
      rows: 3,
      rowsWithErrors: 0,
      errorCount: 0,
      items: 3,
      movements: 1,
    });
    expect(answer.canCommit).toBe(true);
    expect(answer.rows.map((row) => row.row)).toEqual([1, 2, 3]);
  });

  it("checks the rows a part at a time as it is sent, never the whole file before the first bytes", async () => {
    const { answer, checkedParts } = preview();
    const stream = previewJson(answer);
    const checkedBeforeFirstBytes = await new Promise<number>((resolve) =>
      stream.once("data", () => {
        stream.pause();
        resolve(checkedParts.length);
      }),
    );
    stream.destroy();
    // A 64 KB chunk holds a few parts, and the stream reads a chunk or so ahead; never all of them.
    expect(checkedBeforeFirstBytes).toBeLessThan(PARTS / 5);
    expect(checkedParts).toEqual(checkedParts.map((_, index) => index));
  });
});
