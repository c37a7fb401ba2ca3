import {
  type AdminCredentials,
  containerShelfHasItemsMessage,
  containerShelfNameProblem,
  layoutClashesWithContainersMessage,
  layoutContainerClashes,
  layoutInUseMessage,
  locationCode,
  MESSAGES,
  shelfLabels,
  type WarehouseSummary,
  warehouseHasStockMessage,
} from "@wms/domain";
import { lockForTransaction } from "../../db/advisory-locks.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { type Actor, recordAudit } from "../audit/audit.repository.ts";
import { verifyAdminCredentials } from "../auth/admin-reauth.ts";
import { planLayout } from "./layout-plan.ts";
import {
  archiveWarehouseRow,
  countStockedItemsInWarehouse,
  deletePositions,
  deleteWarehouseRow,
  haveHistory,
  insertPositions,
  insertWarehouse,
  isWarehouseNameTaken,
  listWarehouseSummaries,
  lockLiveWarehouse,
  lockPositions,
  type PositionRow,
  setPositionsArchived,
  stockedPositions,
  updateWarehouseRow,
  type WarehouseRow,
} from "./warehouses.repository.ts";

export interface WarehouseDeps {
  db: Db;
  clock: Clock;
}

export interface WarehouseLayoutInput {
  name: string;
  location: string;
  maxShelves: number;
  sectionsPerShelf: number;
}

/** Who is acting, and from where (re-entered credentials count towards that address's limit). */
export interface SensitiveActor extends Actor {
  ipAddress: string;
}

export async function getWarehouseSummary(db: DbOrTx, id: number): Promise<WarehouseSummary> {
  const [summary] = await listWarehouseSummaries(db, id);
  if (!summary) {
    throw new AppError("NOT_FOUND", MESSAGES.warehouseNotFound);
  }
  return summary;
}

async function requireWarehouse(tx: DbOrTx, id: number): Promise<WarehouseRow> {
  const warehouse = await lockLiveWarehouse(tx, id);
  if (!warehouse) {
    throw new AppError("NOT_FOUND", MESSAGES.warehouseNotFound);
  }
  return warehouse;
}

async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number): Promise<void> {
  if (await isWarehouseNameTaken(tx, name, exceptId)) {
    throw new AppError("WAREHOUSE_NAME_TAKEN", MESSAGES.warehouseNameTaken, {
      fields: { name: MESSAGES.warehouseNameTaken },
    });
  }
}

/** Serialises warehouse naming so two requests cannot both take a free name. */
async function lockWarehouseNames(tx: DbOrTx): Promise<void> {
  await lockForTransaction(tx, "warehouseNames");
}

export async function createWarehouse(
  db: Db,
  input: WarehouseLayoutInput,
  actor: Actor,
  containerShelves: string[] = [],
): Promise<WarehouseSummary> {
  return db.transaction(async (tx) => {
    await lockWarehouseNames(tx);
    await assertNameFree(tx, input.name);
    const id = await insertWarehouse(tx, input);
    const plan = planLayout([], input.maxShelves, input.sectionsPerShelf);
    await insertPositions(tx, id, [
      ...plan.create,
      ...containerShelves.map((shelf) => ({ kind: "container" as const, shelf, section: null })),
    ]);
    const summary = await getWarehouseSummary(tx, id);
    await recordAudit(tx, actor, { entity: "warehouse", entityId: id, action: "create", after: summary });
    return summary;
  });
}

/**
 * Product-decisions 11: more shelves must not give a new grid shelf the name of a container shelf,
 * nor make a container shelf's code read as a new shelf's position (container 'K01' when shelf K
 * arrives). Refused, naming the container shelves and the most shelves the warehouse can keep.
 */
function assertNoContainerClash(positions: PositionRow[], fromShelves: number, toShelves: number): void {
  const containers = positions
    .filter((position) => position.kind === "container" && !position.archived)
    .map((position) => position.shelf);
  const clashes = layoutContainerClashes(containers, fromShelves, toShelves);
  if (clashes.length === 0) {
    return;
  }
  const firstClashing = Math.min(...clashes.map((clash) => shelfLabels(toShelves).indexOf(clash.shelf)));
  const names = clashes.map((clash) => clash.container);
  throw new AppError("CONTAINER_SHELF_TAKEN", layoutClashesWithContainersMessage(names, firstClashing), {
    containerShelves: names,
    maxShelves: firstClashing,
  });
}

/**
 * Edits a warehouse after checking re-entered admin credentials. A smaller layout archives the
 * positions it drops, refused while any of them holds stock (product-decisions 13); a larger one
 * restores or creates positions.
 */
export async function updateWarehouse(
  deps: WarehouseDeps,
  id: number,
  credentials: AdminCredentials,
  input: WarehouseLayoutInput,
  actor: SensitiveActor,
): Promise<WarehouseSummary> {
  await verifyAdminCredentials(deps, credentials, actor.ipAddress);
  return deps.db.transaction(async (tx) => {
    await lockWarehouseNames(tx);
    const before = await requireWarehouse(tx, id);
    await assertNameFree(tx, input.name, id);
    const positions = await lockPositions(tx, id);
    assertNoContainerClash(positions, before.maxShelves, input.maxShelves);
    const plan = planLayout(positions, input.maxShelves, input.sectionsPerShelf);
    const stocked = await stockedPositions(
      tx,
      plan.remove.map((position) => position.id),
    );
    if (stocked.length > 0) {
      const stockedIds = new Set(stocked.map((position) => position.id));
      const codes = plan.remove
        .filter((position) => stockedIds.has(position.id))
        .map((position) => locationCode(input.name, position.shelf, position.section));
      throw new AppError("LAYOUT_IN_USE", layoutInUseMessage(codes), { positions: codes });
    }
    await setPositionsArchived(
      tx,
      plan.remove.map((position) => position.id),
      true,
    );
    await setPositionsArchived(tx, plan.restore, false);
    await insertPositions(tx, id, plan.create);
    await updateWarehouseRow(tx, id, input);
    const after = await getWarehouseSummary(tx, id);
    await recordAudit(tx, actor, { entity: "warehouse", entityId: id, action: "update", before, after });
    return after;
  });
}

/**
 * Deletes a warehouse after checking re-entered admin credentials; refused with the spec's message while
 * it holds stock. One that movements name is archived (its name and positions stay for history).
 */
export async function deleteWarehouse(
  deps: WarehouseDeps,
  id: number,
  credentials: AdminCredentials,
  actor: SensitiveActor,
): Promise<void> {
  await verifyAdminCredentials(deps, credentials, actor.ipAddress);
  await deps.db.transaction(async (tx) => {
    const before = await requireWarehouse(tx, id);
    const positions = await lockPositions(tx, id);
    const itemCount = await countStockedItemsInWarehouse(tx, id);
    if (itemCount > 0) {
      throw new AppError("WAREHOUSE_HAS_STOCK", warehouseHasStockMessage(itemCount), { itemCount });
    }
    const ids = positions.map((position) => position.id);
    const keepForHistory = await haveHistory(tx, ids);
    if (keepForHistory) {
      await setPositionsArchived(tx, ids, true);
      await archiveWarehouseRow(tx, id);
    } else {
      await deletePositions(tx, ids);
      await deleteWarehouseRow(tx, id);
    }
    await recordAudit(tx, actor, {
      entity: "warehouse",
      entityId: id,
      action: keepForHistory ? "archive" : "delete",
      before,
    });
  });
}

/**
 * Adds a container shelf: upper-cased, unique in the warehouse, never named like a grid shelf or a
 * grid shelf followed by a number (product-decisions 11).
 */
export async function addContainerShelf(
  db: Db,
  id: number,
  name: string,
  actor: Actor,
): Promise<WarehouseSummary> {
  return db.transaction(async (tx) => {
    const warehouse = await requireWarehouse(tx, id);
    const positions = await lockPositions(tx, id);
    const problem = containerShelfNameProblem(name, warehouse.maxShelves);
    if (problem) {
      throw new AppError("CONTAINER_SHELF_TAKEN", problem, { fields: { name: problem } });
    }
    const existing = positions.find((position) => position.kind === "container" && position.shelf === name);
    if (existing && !existing.archived) {
      throw new AppError("CONTAINER_SHELF_TAKEN", MESSAGES.containerShelfTaken, {
        fields: { name: MESSAGES.containerShelfTaken },
      });
    }
    if (existing) {
      await setPositionsArchived(tx, [existing.id], false);
    } else {
      await insertPositions(tx, id, [{ kind: "container", shelf: name, section: null }]);
    }
    const after = await getWarehouseSummary(tx, id);
    await recordAudit(tx, actor, {
      entity: "warehouse",
      entityId: id,
      action: "add_container_shelf",
      after: { name },
    });
    return after;
  });
}

/** Deletes an empty container shelf after checking re-entered admin credentials. */
export async function deleteContainerShelf(
  deps: WarehouseDeps,
  id: number,
  name: string,
  credentials: AdminCredentials,
  actor: SensitiveActor,
): Promise<void> {
  await verifyAdminCredentials(deps, credentials, actor.ipAddress);
  await deps.db.transaction(async (tx) => {
    await requireWarehouse(tx, id);
    const positions = await lockPositions(tx, id);
    const shelf = positions.find(
      (position) =>
        position.kind === "container" && !position.archived && position.shelf === name.toUpperCase(),
    );
    if (!shelf) {
      throw new AppError("NOT_FOUND", MESSAGES.containerShelfNotFound);
    }
    const [stocked] = await stockedPositions(tx, [shelf.id]);
    if (stocked) {
      throw new AppError("CONTAINER_SHELF_NOT_EMPTY", containerShelfHasItemsMessage(stocked.itemCount), {
        itemCount: stocked.itemCount,
        hint: MESSAGES.containerShelfMoveItems,
      });
    }
    if (await haveHistory(tx, [shelf.id])) {
      await setPositionsArchived(tx, [shelf.id], true);
    } else {
      await deletePositions(tx, [shelf.id]);
    }
    await recordAudit(tx, actor, {
      entity: "warehouse",
      entityId: id,
      action: "delete_container_shelf",
      before: { name: shelf.shelf },
    });
  });
}
