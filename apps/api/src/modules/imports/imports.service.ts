import { createHash } from "node:crypto";
import { type ImportCommitResponse, type ImportProgress, MESSAGES, type SessionUser } from "@wms/domain";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { allowLongStatements, type Db, type DbOrTx, type Tx } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import { isDatabaseUnavailable } from "../../http/database-errors.ts";
import { type IdempotencyClaim, onceForKey } from "../../http/idempotency.ts";
import type { Actor } from "../audit/audit.repository.ts";
import { lockItemNumbers } from "../items/items.service.ts";
import { ProgressReporter } from "./import-progress.ts";
import { saveUpload } from "./import-save.ts";
import { type CheckedUpload, checkUpload, type ReadUpload, readAndPlan } from "./import-validation.ts";
import {
  findLiveItemKeys,
  findProgress,
  listLivePositions,
  listLiveWarehouses,
  shareLockWarehouses,
} from "./imports.repository.ts";
import type { PreviewSource } from "./preview-json.ts";

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

/** Runs every check of a read upload against the database as `db` sees it. */
async function checkAgainst(db: DbOrTx, read: ReadUpload, lock?: Tx): Promise<CheckedUpload> {
  let warehouses = await listLiveWarehouses(db);
  const ids = referencedWarehouseIds(read.warehouseCells, warehouses);
  if (lock) {
    await shareLockWarehouses(lock, ids);
    warehouses = await listLiveWarehouses(db);
  }
  const [existingItemKeys, positions] = await Promise.all([
    findLiveItemKeys(db, read.items.keys()),
    listLivePositions(db, ids),
  ]);
  return checkUpload(read, { existingItemKeys, warehouses, positions });
}

/**
 * POST /api/imports/preview: the file read and checked, every row with its errors; nothing written.
 * The rows are checked from the file's text as the answer is written (see previewJson), which counts
 * the summary as it goes, so they are never all held.
 */
export async function previewImport(db: Db, upload: Upload): Promise<PreviewSource> {
  const checked = await checkAgainst(db, await readAndPlan(upload.fileName, upload.body));
  return {
    fileName: checked.fileName,
    rowCount: checked.rowCount,
    itemCount: checked.items.length,
    columns: checked.columns,
    rows: checked,
  };
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
 * refuses the whole upload with every problem and its row. The items are created meanwhile (the
 * items service's rules: its input schema, numbers free among live items, an audit row each; see
 * saveUpload), then one received movement per row with a quantity above 0 is written through the
 * stock service's bulk writer, all set-based from staging tables filled with COPY. Once per
 * Idempotency-Key; its progress is stored after every slice (a twentieth of the records, at least
 * 1,000).
 */
export async function commitImport(ctx: CommitContext, upload: Upload): Promise<ImportCommitResponse> {
  const { deps, user, claim } = ctx;
  const progress = new ProgressReporter(deps.db, user.id, claim.key, ctx.log);
  await progress.start();
  try {
    // Read before the transaction: parsing holds no lock, and a file refused as a whole is refused
    // before anything else. Only the file's text and its items are kept: the rows are read again,
    // checked, and turned into receipts one at a time (see saveUpload).
    const read = await readAndPlan(upload.fileName, upload.body);
    const result = await inTransaction(deps.db, async (tx) => {
      // 100,000 rows take seconds, not the 30 s a request statement may: give the commit room.
      await allowLongStatements(tx, IMPORT_STATEMENT_TIMEOUT_MS);
      return onceForKey(tx, claim, async () => {
        await lockItemNumbers(tx);
        return saveUpload(tx, await checkAgainst(tx, read, tx), ctx, progress);
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
