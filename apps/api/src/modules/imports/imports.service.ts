import { createHash } from "node:crypto";
import {
  IMPORT_MOVEMENT_REASON,
  type ImportCommitResponse,
  type ImportPreviewResponse,
  type ImportProgress,
  type ImportRejectedDetails,
  type ImportRowError,
  MESSAGES,
  type SessionUser,
} from "@wms/domain";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { allowLongStatements, type Db, type DbOrTx, type Tx } from "../../db/client.ts";
import { reserveIds } from "../../db/reserve-ids.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import { isDatabaseUnavailable, sqlStateOf } from "../../http/database-errors.ts";
import { type IdempotencyClaim, onceForKey } from "../../http/idempotency.ts";
import { type Actor, announceWrites, recordAudit } from "../audit/audit.repository.ts";
import { lockItemNumbers } from "../items/items.service.ts";
import { writeBulkReceipts } from "../stock/bulk-receipts.ts";
import { type ReadUpload, readUpload } from "./csv-reader.ts";
import { type CheckedUpload, checkUpload, lookupKeysOf } from "./import-validation.ts";
import {
  findLiveItemKeys,
  findProgress,
  listLivePositions,
  listLiveWarehouses,
  type ProgressRow,
  shareLockWarehouses,
  stageItems,
  startProgress,
  updateProgress,
  writeItemSlice,
} from "./imports.repository.ts";

/** An upload is written in about this many slices per table, each of at least MIN_SLICE records. */
const SLICES = 20;
const MIN_SLICE = 1_000;
/** A bulk upload's commit may run this long per statement (the request limit is 30 s). */
export const IMPORT_STATEMENT_TIMEOUT_MS = 5 * 60_000;

export interface Upload {
  fileName: string;
  body: Buffer;
}

/** The warehouses the upload names (by name or id, ignoring case), for locking and position lookups. */
function referencedWarehouseIds(
  cells: Iterable<string>,
  warehouses: Array<{ id: number; name: string }>,
): number[] {
  const byName = new Map(warehouses.map((warehouse) => [warehouse.name.trim().toLowerCase(), warehouse.id]));
  const ids = new Set(warehouses.map((warehouse) => warehouse.id));
  const found = new Set<number>();
  for (const cell of cells) {
    const id = byName.get(cell.trim().toLowerCase()) ?? (/^\d{1,9}$/.test(cell) ? Number(cell) : undefined);
    if (id !== undefined && ids.has(id)) {
      found.add(id);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** Reads the file and runs every check against the database as `db` sees it. */
async function checkAgainst(db: DbOrTx, read: ReadUpload, lock?: Tx): Promise<CheckedUpload> {
  const warehouseCells = new Set(read.rows.map((row) => row.cells.warehouse).filter((cell) => cell !== ""));
  let warehouses = await listLiveWarehouses(db);
  const ids = referencedWarehouseIds(warehouseCells, warehouses);
  if (lock) {
    await shareLockWarehouses(lock, ids);
    warehouses = await listLiveWarehouses(db);
  }
  const [existingItemKeys, positions] = await Promise.all([
    findLiveItemKeys(db, lookupKeysOf(read)),
    listLivePositions(db, ids),
  ]);
  return checkUpload(read, { existingItemKeys, warehouses, positions });
}

/** POST /api/imports/preview: the file read and checked, every row with its errors; nothing written. */
export async function previewImport(db: Db, upload: Upload): Promise<ImportPreviewResponse> {
  const checked = await checkAgainst(db, readUpload(upload.fileName, upload.body));
  const rowsWithErrors = checked.rows.filter((row) => row.errors.length > 0).length;
  return {
    summary: {
      fileName: checked.fileName,
      rows: checked.rows.length,
      rowsWithErrors,
      errorCount: checked.errorCount,
      items: checked.items.length,
      movements: checked.rows.filter((row) => row.quantity !== null && row.quantity !== "0").length,
    },
    columns: checked.columns,
    rows: checked.rows.map((row) => ({
      row: row.row,
      values: row.values,
      location: row.location,
      errors: row.errors,
    })),
    canCommit: checked.errorCount === 0,
  };
}

function rejected(validationErrors: ImportRowError[], processingErrors: ImportRowError[] = []): AppError {
  const details: ImportRejectedDetails = { validationErrors, processingErrors };
  return new AppError(
    "IMPORT_REJECTED",
    MESSAGES.importRejected,
    details as unknown as Record<string, unknown>,
  );
}

/** The idempotency claim of a commit: the key, and a hash of the file's name and bytes (not JSON). */
export function commitClaimOf(key: unknown, userId: number, upload: Upload): IdempotencyClaim {
  if (key === undefined) {
    throw new AppError("VALIDATION_FAILED", MESSAGES.importKeyRequired);
  }
  if (typeof key !== "string" || !/^[A-Za-z0-9_-]{8,128}$/.test(key)) {
    throw new AppError(
      "VALIDATION_FAILED",
      "The Idempotency-Key header must be 8 to 128 letters, digits, - or _.",
    );
  }
  const fileHash = createHash("sha256").update(upload.body).digest("hex");
  const requestHash = createHash("sha256")
    .update(`POST /api/imports/commit\n${upload.fileName}\n${fileHash}`)
    .digest("hex");
  return { userId, key, requestHash };
}

/**
 * Writes the stored progress from the pool (its own connection, outside the upload's transaction) so
 * other requests and processes see it while the transaction is open. Updates are chained, never
 * awaited by the work itself: a busy pool delays the figure, not the upload.
 */
class ProgressReporter {
  private chain: Promise<void> = Promise.resolve();
  total = 0;

  constructor(
    private readonly db: Db,
    private readonly userId: number,
    private readonly key: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): Promise<void> {
    return startProgress(this.db, this.userId, this.key);
  }

  report(phase: ProgressRow["phase"], processed: number, message: string | null = null): void {
    const total = this.total;
    this.chain = this.chain
      .then(() => updateProgress(this.db, this.userId, this.key, { phase, processed, total, message }))
      .catch((error: unknown) => this.log.warn({ err: error }, "import progress not stored"));
  }

  settled(): Promise<void> {
    return this.chain;
  }
}

interface CommitContext {
  deps: Pick<AppDeps, "db">;
  user: SessionUser;
  actor: Actor;
  claim: IdempotencyClaim;
  log: FastifyBaseLogger;
}

/**
 * POST /api/imports/commit (product-decisions 16): all or nothing in ONE transaction. Inside it, with
 * item numbering and the named warehouses' layouts locked, the file is checked again; any problem
 * refuses the whole upload with every problem and its row. Then the items are created (the items
 * service's rules: its input schema, numbers free among live items, an audit row each) and one
 * received movement per row with a quantity above 0 is written through the stock service's bulk
 * writer, all set-based from staging tables filled with COPY. Once per Idempotency-Key; its progress
 * is stored after every slice (a twentieth of the records, at least 1,000).
 */
export async function commitImport(ctx: CommitContext, upload: Upload): Promise<ImportCommitResponse> {
  const { deps, user, claim } = ctx;
  const progress = new ProgressReporter(deps.db, user.id, claim.key, ctx.log);
  await progress.start();
  try {
    // Read before the transaction: parsing holds no lock.
    const read = readUpload(upload.fileName, upload.body);
    const result = await inTransaction(deps.db, async (tx) => {
      // 100,000 rows take seconds, not the 30 s a request statement may: give the commit room.
      await allowLongStatements(tx, IMPORT_STATEMENT_TIMEOUT_MS);
      return onceForKey(tx, claim, async () => {
        await lockItemNumbers(tx);
        const checked = await checkAgainst(tx, read, tx);
        if (checked.errorCount > 0) {
          throw rejected(checked.rows.flatMap((row) => row.errors));
        }
        return saveUpload(tx, checked, ctx, progress);
      });
    });
    progress.total = result.itemsCreated + result.movementsCreated;
    progress.report("done", progress.total);
    await progress.settled();
    return result;
  } catch (error) {
    const failure = asImportFailure(error, ctx.log);
    progress.report("failed", 0, failure.message);
    await progress.settled();
    throw failure;
  }
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
function receiptRefused(error: AppError, receipts: CheckedUpload["rows"]): AppError {
  const index = error.details?.receipt;
  const row = typeof index === "number" ? (receipts[index]?.row ?? null) : null;
  const field = Object.keys((error.details?.fields as Record<string, string> | undefined) ?? {})[0] ?? "";
  return rejected([], [{ row, field: RECEIPT_FIELDS[field] ?? null, message: error.message }]);
}

/**
 * Saves a checked upload set-based: the items COPYed into a staging table with ids taken ahead and
 * inserted from it with their audit rows, a slice at a time; then the receipts through the stock
 * service's bulk writer. Progress is stored after every slice.
 */
async function saveUpload(
  tx: Tx,
  checked: CheckedUpload,
  { user, actor, claim }: CommitContext,
  progress: ProgressReporter,
): Promise<ImportCommitResponse> {
  const receipts = checked.rows.filter((row) => row.quantity !== null && row.quantity !== "0");
  progress.total = checked.items.length + receipts.length;
  progress.report("saving_items", 0);

  const itemIds = await reserveIds(tx, "items", checked.items.length);
  const idByKey = new Map(checked.items.map((plan, n) => [plan.key, itemIds[n] as number]));
  await stageItems(
    tx,
    checked.items.map((plan, n) => ({ id: itemIds[n] as number, data: plan.data })),
  );
  const itemSlice = sliceSizeOf(checked.items.length);
  for (let start = 0; start < checked.items.length; start += itemSlice) {
    const end = Math.min(start + itemSlice, checked.items.length);
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

  progress.report("saving_stock", checked.items.length);
  let movements: number[];
  try {
    movements = await writeBulkReceipts(
      tx,
      receipts.map((row) => ({
        itemId: idByKey.get(row.itemKey) as number,
        locationId: row.locationId as number,
        quantity: row.quantity as string,
      })),
      actor,
      {
        reason: IMPORT_MOVEMENT_REASON,
        managedBy: user.id,
        managedByName: user.name,
        sliceSize: sliceSizeOf(receipts.length),
        onProgress: (written) => progress.report("saving_stock", checked.items.length + written),
      },
    );
  } catch (error) {
    throw error instanceof AppError ? receiptRefused(error, receipts) : error;
  }
  await announceWrites(tx, { entity: "item", action: "create" }, itemIds);

  const result: ImportCommitResponse = {
    fileName: checked.fileName,
    rows: checked.rows.length,
    itemsCreated: checked.items.length,
    movementsCreated: movements.length,
  };
  await recordAudit(tx, actor, { entity: "import", entityId: claim.key, action: "commit", after: result });
  return result;
}

/**
 * Client mistakes and retryable outages keep their own answer; anything else becomes the spec's
 * 'An unexpected error occurred during bulk upload. No items were saved.' (logged in full).
 */
function asImportFailure(error: unknown, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) {
    return error;
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError("DATABASE_UNAVAILABLE", MESSAGES.databaseUnavailable, { retryable: true });
  }
  log.error({ err: error }, "bulk upload failed");
  return new AppError("IMPORT_UNEXPECTED", MESSAGES.importUnexpected);
}

/** GET /api/imports/progress/:key, for the signed-in user's own key. */
export async function importProgress(db: Db, userId: number, key: string): Promise<ImportProgress> {
  const row = await findProgress(db, userId, key);
  if (!row) {
    return { phase: "waiting", processed: 0, total: 0, percent: 0, message: null, updatedAt: null };
  }
  // A run silent for over a minute died with its process (a retry with the same key starts again).
  const stale =
    row.phase !== "done" && row.phase !== "failed" && Date.now() - new Date(row.updatedAt).getTime() > 60_000;
  if (stale) {
    return {
      phase: "failed",
      processed: row.processed,
      total: row.total,
      percent: 0,
      message: MESSAGES.importUnexpected,
      updatedAt: row.updatedAt,
    };
  }
  const percent =
    row.phase === "done"
      ? 100
      : row.total > 0
        ? Math.min(99, Math.floor((row.processed * 100) / row.total))
        : 0;
  return {
    phase: row.phase,
    processed: row.processed,
    total: row.total,
    percent,
    message: row.message,
    updatedAt: row.updatedAt,
  };
}
