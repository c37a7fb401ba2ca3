import { isWholeNumber, MESSAGES, notEnoughStockMessage, WHOLE_NUMBER_UNITS } from "@wms/domain";
import type { Tx } from "../../db/client.ts";
import { pipelined, type Send } from "../../db/pipeline.ts";
import { AppError } from "../../http/app-error.ts";
import { postgresErrorOf } from "../../http/database-errors.ts";
import { fromThousandths, toThousandths } from "../../lib/decimal.ts";
import { type Actor, announceWrites } from "../audit/audit.repository.ts";
import {
  addToBalances,
  insertMovementsWithAudit,
  type LockedItem,
  lockReceiptSubjectRows,
  lockStockSubjectRows,
  type MovementAnswer,
  type MovementRowInput,
  NOT_ENOUGH_STOCK_STATE,
  takeFromBalance,
} from "./stock.repository.ts";

/**
 * One change of stock as the ledger records it. The unit is taken from the item, and the name of the
 * person who managed it (recorded with it, so archiving them later keeps it) from their live account.
 */
export type StockChange = Omit<MovementRowInput, "unit" | "createdBy" | "managedByName">;

/** A signed change of one balance. */
export interface BalanceDelta {
  itemId: number;
  locationId: number;
  delta: bigint;
}

function invalid(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, { fields: { [field]: message } });
}

/** The distinct ids `idOf` gives for `values` (nulls left out), ascending: the order locks are taken in. */
function uniqueSorted<T>(values: readonly T[], idOf: (value: T) => number | null): number[] {
  const unique = new Set<number>();
  for (const value of values) {
    const id = idOf(value);
    if (id !== null) {
      unique.add(id);
    }
  }
  return [...unique].sort((a, b) => a - b);
}

const itself = (id: number | null) => id;

/**
 * Locks the live items and positions involved FOR SHARE (ids ascending), so neither is archived
 * meanwhile, and the live people named (so none is deleted meanwhile), in one round trip.
 */
export async function lockStockSubjects(
  tx: Tx,
  itemIds: number[],
  locationIds: Array<number | null>,
  personIds: Array<number | null> = [],
) {
  const locked = await lockStockSubjectRows(tx, {
    items: uniqueSorted(itemIds, itself),
    locations: uniqueSorted(locationIds, itself),
    people: uniqueSorted(personIds, itself),
  });
  return {
    items: new Map(locked.items.map((item) => [item.id, item])),
    locations: new Set(locked.locations.map((location) => location.id)),
    people: new Map(locked.people.map((person) => [person.id, person.name])),
  };
}

/**
 * lockStockSubjects for many receipts at once (bulk upload): the same locks in the same order, the
 * receipts' ids collected without a list per kind, and only what a receipt needs back: each live
 * item's unit and the live positions.
 */
export async function lockReceiptSubjects(
  tx: Tx,
  receipts: ReadonlyArray<{ itemId: number; locationId: number }>,
): Promise<{ units: Map<number, string>; locations: Set<number> }> {
  const locked = await lockReceiptSubjectRows(tx, {
    items: uniqueSorted(receipts, (receipt) => receipt.itemId),
    locations: uniqueSorted(receipts, (receipt) => receipt.locationId),
  });
  const units = new Map<number, string>();
  for (let index = 0; index < locked.itemIds.length; index++) {
    units.set(locked.itemIds[index] as number, locked.units[index] as string);
  }
  return { units, locations: new Set(locked.locationIds) };
}

/** Names the failure when a balance holds less than is taken from it. */
export type OnShortage = (shortage: { itemId: number; locationId: number; available: string }) => AppError;

/**
 * The statements applying balance deltas, in the fixed (item, location) order: additions upsert,
 * subtractions check availability and subtract under the row lock in SQL, failing when a balance holds
 * less than is taken (`onShortage` names that failure; the whole transaction then rolls back). They
 * depend on no answer of each other, so they are sent pipelined.
 */
function balanceStatements(tx: Tx, deltas: BalanceDelta[], onShortage: OnShortage): Send[] {
  const merged = new Map<string, BalanceDelta>();
  for (const { itemId, locationId, delta } of deltas) {
    const key = `${itemId}:${locationId}`;
    const entry = merged.get(key) ?? { itemId, locationId, delta: 0n };
    entry.delta += delta;
    merged.set(key, entry);
  }
  const ordered = [...merged.values()].sort((a, b) => a.itemId - b.itemId || a.locationId - b.locationId);
  const statements: Send[] = [];
  // Walk the keys in order; consecutive additions go in one statement, so the lock order holds.
  let additions: Array<{ itemId: number; locationId: number; amount: string }> = [];
  const flushAdditions = () => {
    if (additions.length > 0) {
      const batch = additions;
      statements.push(() => addToBalances(tx, batch));
      additions = [];
    }
  };
  for (const { itemId, locationId, delta } of ordered) {
    if (delta < 0n) {
      flushAdditions();
      statements.push(() =>
        takeFromBalance(tx, itemId, locationId, fromThousandths(-delta)).catch((error: unknown) => {
          const failure = postgresErrorOf(error);
          if (failure?.code === NOT_ENOUGH_STOCK_STATE) {
            throw onShortage({ itemId, locationId, available: failure.detail ?? "0" });
          }
          throw error;
        }),
      );
    } else if (delta > 0n) {
      additions.push({ itemId, locationId, amount: fromThousandths(delta) });
    }
  }
  flushAdditions();
  return statements;
}

/** Applies balance deltas (see balanceStatements) in one round trip. */
export async function applyBalanceDeltas(
  tx: Tx,
  deltas: BalanceDelta[],
  onShortage: OnShortage,
): Promise<void> {
  await pipelined(tx, balanceStatements(tx, deltas, onShortage));
}

/** The signed balance changes of movements: out of the source, into the destination. */
export function deltasOf(
  changes: Array<Pick<StockChange, "itemId" | "quantity" | "fromLocationId" | "toLocationId">>,
  sign = 1n,
) {
  const deltas: BalanceDelta[] = [];
  for (const change of changes) {
    const amount = toThousandths(change.quantity) * sign;
    if (change.fromLocationId !== null) {
      deltas.push({ itemId: change.itemId, locationId: change.fromLocationId, delta: -amount });
    }
    if (change.toLocationId !== null) {
      deltas.push({ itemId: change.itemId, locationId: change.toLocationId, delta: amount });
    }
  }
  return deltas;
}

function validateChange(
  change: StockChange,
  item: LockedItem | undefined,
  liveLocations: Set<number>,
  livePeople: Map<number, string>,
): void {
  if (!item) {
    throw invalid("itemId", MESSAGES.selectValidItem);
  }
  if (change.managedBy !== null && !livePeople.has(change.managedBy)) {
    throw invalid("managedBy", MESSAGES.invalidItemOrStaff);
  }
  const amount = toThousandths(change.quantity);
  if (amount <= 0n) {
    throw invalid("quantity", MESSAGES.quantityAboveZero);
  }
  if (WHOLE_NUMBER_UNITS.has(item.unit) && !isWholeNumber(change.quantity)) {
    throw invalid("quantity", `Quantity must be a whole number for ${item.unit}`);
  }
  if (change.fromLocationId !== null && !liveLocations.has(change.fromLocationId)) {
    throw invalid("fromLocationId", MESSAGES.selectSource);
  }
  if (change.toLocationId !== null && !liveLocations.has(change.toLocationId)) {
    throw invalid("toLocationId", MESSAGES.selectDestination);
  }
}

/**
 * THE way stock changes (DESIGN.md section 5). Inside the caller's transaction: lock the items and
 * positions involved, change each balance in a fixed order with statements that check availability
 * under the row lock, then append the movements and their audit rows. Callers commit, then publish.
 * Returns the new movements' ids in the order of `changes`.
 */
export async function writeStockChanges(tx: Tx, changes: StockChange[], actor: Actor): Promise<number[]> {
  return (await writeChanges(tx, changes, actor)).map((movement) => movement.id);
}

/**
 * writeStockChanges, answering for each new movement (in the order of `changes`) its row of `answer`
 * as JSON, read by the statement that writes the movements.
 */
export async function writeStockChangesAnswering<Row>(
  tx: Tx,
  changes: StockChange[],
  actor: Actor,
  answer: MovementAnswer,
): Promise<Row[]> {
  return (await writeChanges(tx, changes, actor, answer)).map((movement) => movement.answer as Row);
}

async function writeChanges(tx: Tx, changes: StockChange[], actor: Actor, answer?: MovementAnswer) {
  if (changes.length === 0) {
    return [];
  }
  const { items, locations, people } = await lockStockSubjects(
    tx,
    changes.map((change) => change.itemId),
    changes.flatMap((change) => [change.fromLocationId, change.toLocationId]),
    changes.map((change) => change.managedBy),
  );
  for (const change of changes) {
    validateChange(change, items.get(change.itemId), locations, people);
  }
  const rows = changes.map((change) => {
    const row = {
      ...change,
      managedByName: change.managedBy === null ? null : (people.get(change.managedBy) ?? null),
      unit: items.get(change.itemId)?.unit ?? "",
      createdBy: actor.userId,
    };
    // The audit entry of a movement is the change as given, with its unit and author.
    return { ...row, after: row };
  });
  const shortage: OnShortage = ({ itemId, locationId, available }) =>
    new AppError("INSUFFICIENT_STOCK", notEnoughStockMessage(available), { available, itemId, locationId });
  // The balances and the movements' own statement in one round trip: a shortage fails the transaction
  // before the movements are written, so none is recorded without its balances.
  let movements: Awaited<ReturnType<typeof insertMovementsWithAudit>> = [];
  await pipelined(tx, [
    ...balanceStatements(tx, deltasOf(changes), shortage),
    async () => {
      movements = await insertMovementsWithAudit(tx, rows, actor, answer);
    },
  ]);
  await announceWrites(
    tx,
    { entity: "stock_movement", action: "create" },
    movements.map((movement) => movement.id),
  );
  return movements;
}
