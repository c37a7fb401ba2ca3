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

/** A checked upload's receipts: one per row with a quantity, nothing else of its rows. */
interface ReceiptPlan {
  receipts: BulkReceipt[];
  /** The file row of each receipt, to name the row the stock service refuses. */
  receiptRows: number[];
}

/**
 * Refuses an upload with any problem, with every problem and its row; otherwise plans its receipts.
 * The rows are read once more: each is checked and kept only as a receipt, if it is one.
 */
async function planReceipts(checked: CheckedUpload, itemIds: readonly number[]): Promise<ReceiptPlan> {
  const errors: ImportRowError[] = [];
  const receipts: BulkReceipt[] = [];
  const receiptRows: number[] = [];
  await checkEveryRow(checked, (row) => {
    errors.push(...row.errors);
    if (errors.length === 0 && isReceipt(row)) {
      receipts.push({
        itemId: itemIds[checked.planOf(row)] as number,
        locationId: row.placement?.locationId as number,
        quantity: row.quantity as string,
      });
      receiptRows.push(row.row);
    }
  });
  if (errors.length > 0) {
    throw rejected(errors);
  }
  return { receipts, receiptRows };
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
 * The items COPYed into a staging table with their ids and inserted from it with their audit rows, a
 * slice at a time, until done or `stopped()`. `onSlice` hears the count written after each slice.
 */
async function writeItems(
  tx: Tx,
  actor: Actor,
  items: readonly ItemData[],
  itemIds: readonly number[],
  { onSlice, stopped }: { onSlice: (written: number) => void; stopped: () => boolean },
): Promise<void> {
  if (items.length === 0) {
    return;
  }
  await stageItems(tx, itemIds, items);
  const itemSlice = sliceSizeOf(items.length);
  for (let start = 0; start < items.length && !stopped(); start += itemSlice) {
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
    onSlice(end);
  }
}

/**
 * Saves a checked upload set-based. Its items are known before its rows are checked (readAndPlan
 * planned them), so they are written while the API reads and checks the rows a second time:
 * PostgreSQL inserts them, the API checks, each on a core of its own, where one used to wait for the
 * other. A refusal found by the check wins over any failure of those inserts, which the refusal's
 * rollback undoes with them, and stops them at the next slice. Progress stays at validating until
 * the check passes. Then the receipts go through the stock service's bulk writer. Progress is stored
 * after every slice.
 */
export async function saveUpload(
  tx: Tx,
  checked: CheckedUpload,
  { user, actor, claim }: { user: SessionUser; actor: Actor; claim: IdempotencyClaim },
  progress: ProgressReporter,
): Promise<ImportCommitResponse> {
  const { fileName, items } = checked;
  const itemIds = await reserveIds(tx, "items", items.length);
  let check: "running" | "passed" | "refused" = "running";
  let itemsWritten = 0;
  // Settled into its error (or null) at once, so a failure while the check runs is never unhandled.
  const writingItems = writeItems(tx, actor, items, itemIds, {
    onSlice: (written) => {
      itemsWritten = written;
      if (check === "passed") {
        progress.report("saving_items", written);
      }
    },
    stopped: () => check === "refused",
  }).then(
    () => null,
    (error: unknown) => error,
  );
  const { receipts, receiptRows } = await planReceipts(checked, itemIds).catch(async (error: unknown) => {
    check = "refused";
    await writingItems;
    throw error;
  });
  check = "passed";
  progress.total = items.length + receipts.length;
  progress.report("saving_items", itemsWritten);
  const itemsFailure = await writingItems;
  if (itemsFailure !== null) {
    throw itemsFailure;
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
    throw error instanceof AppError ? receiptRefused(error, receiptRows) : error;
  }
  await announceWrites(tx, { entity: "item", action: "create" }, itemIds);

  const result: ImportCommitResponse = {
    fileName,
    rows: checked.rowCount,
    itemsCreated: items.length,
    movementsCreated: movements.length,
  };
  await recordAudit(tx, actor, { entity: "import", entityId: claim.key, action: "commit", after: result });
  return result;
}
