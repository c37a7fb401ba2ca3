import { setImmediate as nextTurn } from "node:timers/promises";
import { type ImportField, type ItemData, MESSAGES, warehouseNotFoundMessage } from "@wms/domain";
import { readUpload, type UploadFile } from "./csv-reader.ts";
import { UploadItems } from "./import-items.ts";
import { indexWarehouses, resolveLocation } from "./import-locations.ts";
import { addError, type CheckedRow, checkCells } from "./import-rows.ts";
import type { PositionRow, WarehouseLayout } from "./imports.repository.ts";

/** An upload read once: the file past its file-level checks, its items planned, the warehouses it names. */
export interface ReadUpload {
  file: UploadFile;
  items: UploadItems;
  /** The Warehouse cells of its rows (names or ids, as written). */
  warehouseCells: Set<string>;
}

/** What the database says about the upload, read by the caller (inside its transaction for a commit). */
export interface UploadLookups {
  existingItemKeys: Set<string>;
  warehouses: WarehouseLayout[];
  positions: PositionRow[];
}

/** An upload with everything it is checked against: its rows, checked, as often as they are wanted. */
export interface CheckedUpload {
  fileName: string;
  columns: ImportField[];
  /** Data rows (blank lines left out). */
  rowCount: number;
  /** The data of the items passing the rules, in the order their first row appears. */
  items: ItemData[];
  /** The planned item of a checked row (its index in `items`), or -1. */
  planOf(row: CheckedRow): number;
  /** The parts checkRows can check one at a time (see UploadFile.readRows). */
  parts: number;
  /**
   * Every row (or those of one part) with every check of the spec's row and preview validations,
   * handed to `onRow` in file order as it is checked; nothing keeps it afterwards.
   */
  checkRows(onRow: (row: CheckedRow) => void, part?: number): void;
}

/** Parts of an upload (a hundred records each) checked between two turns of the event loop. */
const PARTS_PER_TURN = 20;

/**
 * Reads an upload (see readUpload for the file-level refusals) and plans its items: the rows' own
 * cells checked and gathered per item number as they are read, none of them kept. Both steps let
 * the event loop take turns, so the process answers other requests meanwhile.
 */
export async function readAndPlan(fileName: string, body: Buffer): Promise<ReadUpload> {
  const items = new UploadItems();
  const warehouseCells = new Set<string>();
  const file = await readUpload(fileName, body, (raw) => {
    if (raw.cells.warehouse !== "") {
      warehouseCells.add(raw.cells.warehouse);
    }
    items.add(checkCells(raw));
  });
  await items.plan();
  return { file, items, warehouseCells };
}

/**
 * Every row of a checked upload, in file order, a part at a time, with a turn of the event loop every
 * PARTS_PER_TURN parts: checking 100,000 rows takes about a second of the process's time.
 */
export async function checkEveryRow(checked: CheckedUpload, onRow: (row: CheckedRow) => void): Promise<void> {
  for (let part = 0; part < checked.parts; part++) {
    checked.checkRows(onRow, part);
    if (part % PARTS_PER_TURN === PARTS_PER_TURN - 1) {
      await nextTurn();
    }
  }
}

/**
 * Every check of the spec's row and preview validations, a row at a time from the upload's text:
 * the row's own cells, its item (see UploadItems.check), its item number against the live items,
 * its warehouse, shelf and section against the live positions. Each reading makes fresh rows, never
 * kept by the upload.
 */
export function checkUpload(read: ReadUpload, lookups: UploadLookups): CheckedUpload {
  const { file, items } = read;
  const findWarehouse = indexWarehouses(lookups.warehouses, lookups.positions);
  const finish = (row: CheckedRow) => {
    items.check(row);
    if (row.itemKey !== "" && lookups.existingItemKeys.has(row.itemKey)) {
      addError(row, "itemNo", MESSAGES.itemNoTaken);
    }
    if (row.values.warehouse === "" || row.values.shelf === "") {
      return;
    }
    const warehouse = findWarehouse(row.values.warehouse);
    if (!warehouse) {
      addError(row, "warehouse", warehouseNotFoundMessage(row.values.warehouse));
      return;
    }
    const placed = resolveLocation(warehouse, row.values.shelf, row.values.section);
    if ("locationId" in placed) {
      row.placement = placed;
    } else {
      addError(row, placed.field, placed.message);
    }
  };
  return {
    fileName: file.fileName,
    columns: file.columns,
    rowCount: file.rowCount,
    items: items.plans,
    planOf: (row) => items.planOf(row),
    parts: file.parts,
    checkRows: (onRow, part) =>
      file.readRows((raw) => {
        const row = checkCells(raw);
        if (!row.unreadable) {
          finish(row);
        }
        onRow(row);
      }, part),
  };
}
