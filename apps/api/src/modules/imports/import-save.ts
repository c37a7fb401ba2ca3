import {
  IMPORT_MOVEMENT_REASON,
  type ImportCommitResponse,
  type ImportRejectedDetails,
  type ImportRowError,
  type ItemData,
  MESSAGES,
  type SessionUser,
} from "@wms/domain";
import type { Tx } from "../../db/client.ts";
import { reserveIds } from "../../db/reserve-ids.ts";
import { AppError } from "../../http/app-error.ts";
import { sqlStateOf } from "../../http/database-errors.ts";
import type { IdempotencyClaim } from "../../http/idempotency.ts";
import { type Actor, announceWrites, recordAudit } from "../audit/audit.repository.ts";
import { type BulkReceipt, writeBulkReceipts } from "../stock/bulk-receipts.ts";
import type { ProgressReporter } from "./import-progress.ts";
import { isReceipt } from "./import-rows.ts";
import { type CheckedUpload, checkEveryRow } from "./import-validation.ts";
import { stageItems, writeItemSlice } from "./imports.repository.ts";

/** An upload is written in about this many slices per table, each of at least MIN_SLICE records. */
const SLICES = 20;
const MIN_SLICE = 1_000;

export function rejected(
  validationErrors: ImportRowError[],
  processingErrors: ImportRowError[] = [],
): AppError {
  const details: ImportRejectedDetails = { validationErrors, processingErrors };
  return new AppError(
    "IMPORT_REJECTED",
    MESSAGES.importRejected,
    details as unknown as Record<string, unknown>,
  );
}

/**
 * A checked upload reduced to what saving it takes: its items with their ids taken ahead, and one
 * receipt per row with a quantity, nothing else of its rows.
 */
export interface SavePlan {
  fileName: string;
  rows: number;
  items: ItemData[];
  itemIds: number[];
  receipts: BulkReceipt[];
  /** The file row of each receipt, to name the row the stock service refuses. */
  receiptRows: number[];
}

/**
 * Refuses an upload with any problem, with every problem and its row; otherwise plans its save. The
 * rows are read once more: each is checked and kept only as a receipt, if it is one.
 */
export async function planSave(
  tx: Tx,
  checked: CheckedUpload,
  progress: ProgressReporter,
): Promise<SavePlan> {
  const errors: ImportRowError[] = [];
  // Per receipt: its item (index in checked.items), position, quantity and file row.
  const receiptItems: number[] = [];
  const receiptLocations: number[] = [];
  const receiptQuantities: string[] = [];
  const receiptRows: number[] = [];
  await checkEveryRow(checked, (row) => {
    errors.push(...row.errors);
    if (errors.length === 0 && isReceipt(row)) {
      receiptItems.push(checked.planOf(row));
      receiptLocations.push(row.placement?.locationId as number);
      receiptQuantities.push(row.quantity as string);
      receiptRows.push(row.row);
    }
  });
  if (errors.length > 0) {
    throw rejected(errors);
  }
  const { fileName, items } = checked;
  progress.total = items.length + receiptRows.length;
  progress.report("saving_items", 0);

  const itemIds = await reserveIds(tx, "items", items.length);
  const receipts = receiptRows.map(
    (_, n): BulkReceipt => ({
      itemId: itemIds[receiptItems[n] as number] as number,
      locationId: receiptLocations[n] as number,
      quantity: receiptQuantities[n] as string,
    }),
  );
  return { fileName, rows: checked.rowCount, items, itemIds, receipts, receiptRows };
}

/** Records written per statement: a twentieth of the upload (at least 1,000), so progress moves steadily. */
function sliceSizeOf(records: number): number {
  return Math.max(MIN_SLICE, Math.ceil(records / SLICES));
}

/** The column of the file a refused receipt's field comes from. */
const RECEIPT_FIELDS: Record<string, ImportRowError["field"]> = {
  itemId: "itemNo",
  quantity: "quantity",
  toLocationId: "shelf",
};

/** A stock-service refusal of one receipt, as a processing error naming its row. */
function receiptRefused(error: AppError, receiptRows: number[]): AppError {
  const index = error.details?.receipt;
  const row = typeof index === "number" ? (receiptRows[index] ?? null) : null;
  const field = Object.keys((error.details?.fields as Record<string, string> | undefined) ?? {})[0] ?? "";
  return rejected([], [{ row, field: RECEIPT_FIELDS[field] ?? null, message: error.message }]);
}

/**
 * Saves a planned upload set-based: the items COPYed into a staging table with their ids and
 * inserted from it with their audit rows, a slice at a time; then the receipts through the stock
 * service's bulk writer. Progress is stored after every slice.
 */
export async function saveUpload(
  tx: Tx,
  plan: SavePlan,
  { user, actor, claim }: { user: SessionUser; actor: Actor; claim: IdempotencyClaim },
  progress: ProgressReporter,
): Promise<ImportCommitResponse> {
  const { items, itemIds, receipts } = plan;
  await stageItems(tx, itemIds, items);
  const itemSlice = sliceSizeOf(items.length);
  for (let start = 0; start < items.length; start += itemSlice) {
    const end = Math.min(start + itemSlice, items.length);
    try {
      await writeItemSlice(tx, actor, start, end);
    } catch (error) {
      // The numbers were checked under the item-number lock; a clash here is one the check missed.
      if (sqlStateOf(error) === "23505") {
        throw rejected([], [{ row: null, field: "itemNo", message: MESSAGES.itemNoTaken }]);
      }
      throw error;
    }
    progress.report("saving_items", end);
  }

  progress.report("saving_stock", items.length);
  let movements: number[];
  try {
    movements = await writeBulkReceipts(tx, receipts, actor, {
      reason: IMPORT_MOVEMENT_REASON,
      managedBy: user.id,
      managedByName: user.name,
      sliceSize: sliceSizeOf(receipts.length),
      onProgress: (written) => progress.report("saving_stock", items.length + written),
    });
  } catch (error) {
    throw error instanceof AppError ? receiptRefused(error, plan.receiptRows) : error;
  }
  await announceWrites(tx, { entity: "item", action: "create" }, itemIds);

  const result: ImportCommitResponse = {
    fileName: plan.fileName,
    rows: plan.rows,
    itemsCreated: items.length,
    movementsCreated: movements.length,
  };
  await recordAudit(tx, actor, { entity: "import", entityId: claim.key, action: "commit", after: result });
  return result;
}
