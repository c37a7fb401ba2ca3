import { isWholeNumber, MESSAGES, notEnoughStockMessage, WHOLE_NUMBER_UNITS } from "@wms/domain";
import { connectionOf, type Tx } from "../../db/client.ts";
import { pipelined } from "../../db/pipeline.ts";
import { committingWith } from "../../db/transaction-ends.ts";
import { AppError } from "../../http/app-error.ts";
import { toThousandths } from "../../lib/decimal.ts";
import { type Actor, announceWrites } from "../audit/audit.repository.ts";
import {
  type BalanceChange,
  changeBalances,
  type LockedItem,
  lockReceiptSubjectRows,
  lockStockSubjectRows,
  type MovementAnswer,
  type MovementRowInput,
  type Shortage,
  shortageOf,
  writeMovements,
} from "./stock.repository.ts";

/**
 * One change of stock as the ledger records it. The unit is taken from the item, and the name of the
 * person who managed it (recorded with it, so archiving them later keeps it) from their live account.
 */
export type StockChange = Omit<MovementRowInput, "createdBy">;

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
export type OnShortage = (shortage: Shortage) => AppError;

/** Runs a statement changing balances, naming a shortage it meets with `onShortage`. */
async function namingShortage<T>(write: Promise<T>, onShortage: OnShortage): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const shortage = shortageOf(error);
    throw shortage ? onShortage(shortage) : error;
  }
}

/**
 * Changes balances in one statement (changeBalances: summed per balance and applied in the fixed
 * (item, location) order, takings checked against the locked row in SQL). A balance holding less than
 * is taken fails the statement, named by `onShortage`; the whole transaction then rolls back.
 */
export async function applyBalanceChanges(
  tx: Tx,
  changes: BalanceChange[],
  onShortage: OnShortage,
): Promise<void> {
  await namingShortage(changeBalances(tx, changes), onShortage);
}

/** The balance changes undoing a movement: back into its source, out of its destination. */
export function reversalOf(
  movement: Pick<StockChange, "itemId" | "quantity" | "fromLocationId" | "toLocationId">,
): BalanceChange[] {
  const changes: BalanceChange[] = [];
  if (movement.fromLocationId !== null) {
    changes.push({ itemId: movement.itemId, locationId: movement.fromLocationId, delta: movement.quantity });
  }
  if (movement.toLocationId !== null) {
    changes.push({
      itemId: movement.itemId,
      locationId: movement.toLocationId,
      delta: `-${movement.quantity}`,
    });
  }
  return changes;
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
 * THE way stock changes (DESIGN.md section 5). Inside the caller's transaction: lock the items,
 * positions and people involved, then, in the same round trip, one statement that checks the changes
 * against the stock service's rules, changes each balance in a fixed order checking availability
 * under the row lock, and appends the movements and their audit rows. Callers commit, then publish.
 * Returns the new movements' ids in the order of `changes`.
 */
export async function writeStockChanges(tx: Tx, changes: StockChange[], actor: Actor): Promise<number[]> {
  return (await writeChanges(tx, changes, actor)).map((movement) => movement.id);
}

/**
 * writeStockChanges, answering for each new movement (in the order of `changes`) its row of `answer`
 * as JSON, read by the statement that writes the movements. With `lastStatement`, that statement is
 * the transaction's last and leaves with COMMIT (committingWith): the caller sends nothing after it.
 */
export async function writeStockChangesAnswering<Row>(
  tx: Tx,
  changes: StockChange[],
  actor: Actor,
  answer: MovementAnswer,
  { lastStatement = false } = {},
): Promise<Row[]> {
  return (await writeChanges(tx, changes, actor, answer, lastStatement)).map(
    (movement) => movement.answer as Row,
  );
}

/** lockStockSubjects for the items, positions and people of `changes`. */
function lockSubjectsOf(tx: Tx, changes: StockChange[]) {
  return lockStockSubjects(
    tx,
    changes.map((change) => change.itemId),
    changes.flatMap((change) => [change.fromLocationId, change.toLocationId]),
    changes.map((change) => change.managedBy),
  );
}

async function writeChanges(
  tx: Tx,
  changes: StockChange[],
  actor: Actor,
  answer?: MovementAnswer,
  lastStatement = false,
) {
  if (changes.length === 0) {
    return [];
  }
  const rows = changes.map((change) => {
    const row = { ...change, createdBy: actor.userId };
    // The audit entry of a movement is the change as given, with its author (and, added by the
    // statement, its unit and its managing person's name).
    return { ...row, after: row };
  });
  // The locks and the statement that writes (its COMMIT too when it is the last) leave together: one
  // round trip. The statement checks the stock service's rules itself and writes nothing when one
  // fails; what the locks found then names the failure (validateChange).
  const write = () => writeMovements(tx, rows, actor, answer);
  const [locked, movements] = (await namingShortage(
    pipelined<unknown>(tx, [
      () => lockSubjectsOf(tx, changes),
      () => (lastStatement ? committingWith(connectionOf(tx), write) : write()),
    ]),
    ({ itemId, locationId, available }) =>
      new AppError("INSUFFICIENT_STOCK", notEnoughStockMessage(available), { available, itemId, locationId }),
  )) as [Awaited<ReturnType<typeof lockSubjectsOf>>, Awaited<ReturnType<typeof writeMovements>>];
  if (movements.length === 0) {
    for (const change of changes) {
      validateChange(change, locked.items.get(change.itemId), locked.locations, locked.people);
    }
    throw new Error("The stock statement refused a change the stock service's rules accept");
  }
  await announceWrites(
    tx,
    { entity: "stock_movement", action: "create" },
    movements.map((movement) => movement.id),
  );
  return movements;
}
