import {
  formatQuantity,
  ITEMS_PAGE_SIZE,
  type ItemData,
  type ItemView,
  itemHasStockMessage,
  type ListItemsResponse,
  MESSAGES,
} from "@wms/domain";
import { lockForTransaction } from "../../db/advisory-locks.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { CachedValue } from "../../lib/cached-value.ts";
import { type Actor, recordAudit } from "../audit/audit.repository.ts";
import {
  archiveItemRow,
  countLowStockItems,
  findItemRow,
  type ItemFilters,
  type ItemRow,
  insertItem,
  isItemNoTaken,
  listItemLocations,
  listItemRows,
  updateItemRow,
} from "./items.repository.ts";

function toItemView(row: ItemRow, locations: ItemView["locations"]): ItemView {
  return {
    id: row.id,
    itemNo: row.itemNo,
    name: row.name,
    description: row.description,
    type: row.type,
    unit: row.unit,
    unitPrice: row.unitPrice,
    minQuantity: row.minQuantity,
    totalQuantity: row.totalQuantity,
    totalValue: row.totalValue,
    isLowStock: Number(row.totalQuantity) < Number(row.minQuantity),
    locations,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * The low-stock banner's count, shown with every item list: kept for a few seconds and dropped as
 * soon as this process commits, or any other reports, a change of stock or items (see items.routes.ts).
 */
export const lowStockCount = new CachedValue<number>(10_000);

export async function listItems(db: Db, filters: ItemFilters): Promise<ListItemsResponse> {
  const [{ rows, total, totalIsLowerBound }, lowStock] = await Promise.all([
    listItemRows(db, filters),
    lowStockCount.get(() => countLowStockItems(db)),
  ]);
  const locations = await listItemLocations(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toItemView(row, locations.get(row.id) ?? [])),
    total,
    totalIsLowerBound,
    page: filters.page,
    pageSize: ITEMS_PAGE_SIZE,
    lowStockCount: lowStock,
  };
}

export async function getItem(db: DbOrTx, id: number): Promise<ItemView> {
  const row = await findItemRow(db, id);
  if (!row) {
    throw new AppError("NOT_FOUND", MESSAGES.itemNotFound);
  }
  const locations = await listItemLocations(db, [id]);
  return toItemView(row, locations.get(id) ?? []);
}

/** Serialises item numbering so two requests (or an upload) cannot both take a free number. */
export async function lockItemNumbers(tx: DbOrTx): Promise<void> {
  await lockForTransaction(tx, "itemNumbers");
}

async function assertItemNoFree(tx: DbOrTx, itemNo: string, exceptId?: number): Promise<void> {
  if (await isItemNoTaken(tx, itemNo, exceptId)) {
    throw new AppError("ITEM_NO_TAKEN", MESSAGES.itemNoTaken, { fields: { itemNo: MESSAGES.itemNoTaken } });
  }
}

export async function createItem(db: Db, data: ItemData, actor: Actor): Promise<ItemView> {
  return db.transaction(async (tx) => {
    await lockItemNumbers(tx);
    await assertItemNoFree(tx, data.itemNo);
    const id = await insertItem(tx, data);
    const view = await getItem(tx, id);
    await recordAudit(tx, actor, { entity: "item", entityId: id, action: "create", after: data });
    return view;
  });
}

export async function updateItem(db: Db, id: number, data: ItemData, actor: Actor): Promise<ItemView> {
  return db.transaction(async (tx) => {
    await lockItemNumbers(tx);
    const before = await findItemRow(tx, id, { lock: true });
    if (!before) {
      throw new AppError("NOT_FOUND", MESSAGES.itemNotFound);
    }
    await assertItemNoFree(tx, data.itemNo, id);
    await updateItemRow(tx, id, data);
    const after = await getItem(tx, id);
    await recordAudit(tx, actor, { entity: "item", entityId: id, action: "update", before, after: data });
    return after;
  });
}

/**
 * Deletes an item: only at zero quantity (the spec's message otherwise). It is archived, so movements
 * and reports keep its number and name, and the number is free for a new item.
 */
export async function deleteItem(db: Db, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findItemRow(tx, id, { lock: true });
    if (!before) {
      throw new AppError("NOT_FOUND", MESSAGES.itemNotFound);
    }
    if (Number(before.totalQuantity) > 0) {
      throw new AppError(
        "ITEM_HAS_STOCK",
        itemHasStockMessage(formatQuantity(before.totalQuantity), before.unit),
        {
          quantity: before.totalQuantity,
          unit: before.unit,
        },
      );
    }
    await archiveItemRow(tx, id);
    await recordAudit(tx, actor, { entity: "item", entityId: id, action: "archive", before });
  });
}
