import {
  type CreateMovementRequestSchema,
  type ItemHistoryEntry,
  type ListMovementsResponse,
  MESSAGES,
  MOVEMENTS_PAGE_SIZE,
  type MovementView,
  movementTooOldMessage,
  reversalWouldGoNegativeMessage,
  type SessionUser,
} from "@wms/domain";
import type { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import { type IdempotencyClaim, onceForKey } from "../../http/idempotency.ts";
import { type Actor, recordAudit } from "../audit/audit.repository.ts";
import { voidPurchaseIfEmptied } from "../purchases/purchases.repository.ts";
import {
  applyBalanceChanges,
  lockStockSubjects,
  reversalOf,
  writeStockChangesAnswering,
} from "../stock/stock.service.ts";
import {
  findMovementRow,
  itemHistoryRows,
  listMovementRows,
  lockMovement,
  type MovementFilters,
  type MovementRow,
  markMovementDeleted,
  selectMovementsFrom,
  setMovementReason,
  withCodes,
} from "./movements.repository.ts";

type MovementDeps = Pick<AppDeps, "db" | "config">;
type CreateMovement = z.output<typeof CreateMovementRequestSchema>;

/** Admins manage every movement; staff the ones they recorded themselves (product-decisions 2). */
function canManage(user: SessionUser, row: { createdBy: number | null }): boolean {
  return user.role === "admin" || row.createdBy === user.id;
}

export function toMovementView(row: MovementRow, user: SessionUser): MovementView {
  const { deleteMinutesLeft, ...rest } = row;
  return {
    ...(rest as Omit<MovementView, "deleteMinutesLeft" | "canManage">),
    deleteMinutesLeft,
    canManage: canManage(user, row),
  };
}

export async function listMovements(
  deps: MovementDeps,
  filters: MovementFilters,
  user: SessionUser,
): Promise<ListMovementsResponse> {
  const { rows, total } = await listMovementRows(deps.db, filters, deps.config.businessTimeZone);
  return {
    movements: rows.map((row) => toMovementView(row, user)),
    total,
    page: filters.page,
    pageSize: MOVEMENTS_PAGE_SIZE,
  };
}

export async function getMovement(db: DbOrTx, id: number, user: SessionUser): Promise<MovementView> {
  const row = await findMovementRow(db, id);
  if (!row) {
    throw new AppError("NOT_FOUND", MESSAGES.movementNotFound);
  }
  return toMovementView(row, user);
}

export async function itemHistory(
  db: DbOrTx,
  itemId: number,
  user: SessionUser,
): Promise<ItemHistoryEntry[]> {
  return (await itemHistoryRows(db, itemId)).map((row) => ({
    ...toMovementView(row, user),
    balanceAfter: row.balanceAfter,
  }));
}

/** Records one movement from the Add Movement form, once per idempotency key. */
export async function recordMovement(
  deps: MovementDeps,
  input: CreateMovement,
  user: SessionUser,
  actor: Actor,
  claim: IdempotencyClaim | null,
): Promise<MovementView> {
  // The transaction's last statement leaves with COMMIT: the movement's own, or with an idempotency
  // key the stored answer (onceForKey says which).
  return inTransaction(deps.db, (tx) =>
    onceForKey(
      tx,
      claim,
      async (lastStatement) => {
        const [row] = await writeStockChangesAnswering<MovementRow>(
          tx,
          [
            {
              type: input.type,
              adjustment: input.type === "adjusted" ? input.adjustment : null,
              itemId: input.itemId,
              quantity: input.quantity,
              fromLocationId: input.fromLocationId,
              toLocationId: input.toLocationId,
              reason: input.reason,
              managedBy: input.managedBy,
              supplier: null,
              invoice: null,
              unitPrice: null,
              purchaseId: null,
              occurredAt: null,
            },
          ],
          actor,
          selectMovementsFrom,
          { lastStatement },
        );
        if (!row) {
          throw new Error("The stock service answered no movement");
        }
        return toMovementView(withCodes(row), user);
      },
      { lastStatement: true },
    ),
  );
}

async function lockManageable(tx: Tx, id: number, user: SessionUser) {
  const movement = await lockMovement(tx, id);
  if (!movement) {
    throw new AppError("NOT_FOUND", MESSAGES.movementNotFound);
  }
  if (!canManage(user, movement)) {
    throw new AppError("FORBIDDEN", MESSAGES.forbidden);
  }
  return movement;
}

/** Editing a movement changes only its reason (spec section 4). */
export async function changeMovementReason(
  deps: MovementDeps,
  id: number,
  reason: string,
  user: SessionUser,
  actor: Actor,
): Promise<MovementView> {
  return inTransaction(deps.db, async (tx) => {
    const movement = await lockManageable(tx, id, user);
    await setMovementReason(tx, id, reason);
    await recordAudit(tx, actor, {
      entity: "stock_movement",
      entityId: id,
      action: "change_reason",
      before: { reason: movement.reason },
      after: { reason },
    });
    return getMovement(tx, id, user);
  });
}

function formatCreatedOn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(
    new Date(iso),
  );
}

/**
 * Deletes a movement within 10 minutes of its creation (database clock) by reversing its effect on the
 * balances and marking it deleted (product-decisions 9): it leaves every list and report, the ledger
 * keeps it with who and when. Refused when the reversal would take a balance below zero. The movement
 * row is locked first, so two concurrent deletions reverse it once. Deleting the last live movement
 * of a purchase voids the purchase in the same transaction (docs/decisions/009).
 */
export async function deleteMovement(
  deps: MovementDeps,
  id: number,
  user: SessionUser,
  actor: Actor,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const movement = await lockManageable(tx, id, user);
    if (!movement.withinWindow) {
      throw new AppError(
        "MOVEMENT_TOO_OLD",
        movementTooOldMessage(formatCreatedOn(movement.createdAt, deps.config.businessTimeZone)),
      );
    }
    const { items, locations } = await lockStockSubjects(
      tx,
      [movement.itemId],
      [movement.fromLocationId, movement.toLocationId],
    );
    const involved = [movement.fromLocationId, movement.toLocationId].filter((location) => location !== null);
    if (
      !items.has(movement.itemId) ||
      involved.length === 0 ||
      involved.some((location) => !locations.has(location))
    ) {
      throw new AppError("MOVEMENT_NOT_REVERSIBLE", MESSAGES.movementNotReversible);
    }
    const view = await getMovement(tx, id, user);
    await applyBalanceChanges(tx, reversalOf(movement), ({ locationId, available }) => {
      const location = [view.from, view.to].find((candidate) => candidate?.id === locationId);
      return new AppError(
        "REVERSAL_WOULD_GO_NEGATIVE",
        reversalWouldGoNegativeMessage(location?.code ?? "", available),
        {
          available,
          locationId,
        },
      );
    });
    await markMovementDeleted(tx, id, user.id);
    await recordAudit(tx, actor, { entity: "stock_movement", entityId: id, action: "delete", before: view });
    if (view.purchaseId !== null) {
      // A purchase with nothing left in the ledger is voided, so its invoice can be entered again.
      const voided = await voidPurchaseIfEmptied(tx, view.purchaseId);
      if (voided) {
        await recordAudit(tx, actor, {
          entity: "purchase",
          entityId: view.purchaseId,
          action: "void",
          before: voided,
        });
      }
    }
  });
}
