import { type ItemInput, ItemInputSchema } from "@wms/domain";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { inTransaction } from "../../src/db/transaction.ts";
import { SYSTEM_ACTOR } from "../../src/modules/audit/audit.repository.ts";
import { createItem } from "../../src/modules/items/items.service.ts";
import { findLedgerViolations } from "../../src/modules/stock/ledger-invariants.ts";
import { type StockChange, writeStockChanges } from "../../src/modules/stock/stock.service.ts";
import { createWarehouse } from "../../src/modules/warehouses/warehouses.service.ts";
import type { TestContext } from "../context.ts";

let sequence = 0;
const unique = (prefix: string) =>
  `${prefix}${++sequence}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

export async function createTestWarehouse(
  ctx: TestContext,
  overrides: Partial<{ name: string; location: string; maxShelves: number; sectionsPerShelf: number }> = {},
  containerShelves: string[] = [],
) {
  return createWarehouse(
    ctx.db,
    { name: unique("WH"), location: "Dubai", maxShelves: 3, sectionsPerShelf: 2, ...overrides },
    SYSTEM_ACTOR,
    containerShelves,
  );
}

export async function createTestItem(ctx: TestContext, overrides: Partial<ItemInput> = {}) {
  return createItem(
    ctx.db,
    ItemInputSchema.parse({ itemNo: unique("IT-"), name: "Test item", ...overrides }),
    SYSTEM_ACTOR,
  );
}

/** The id of a live position, by warehouse, shelf and section (null for a container shelf). */
export async function positionId(
  ctx: TestContext,
  warehouseId: number,
  shelf: string,
  section: string | null,
) {
  const result = await ctx.db.execute<{ id: number }>(sql`
    select id from locations where warehouse_id = ${warehouseId} and shelf = ${shelf}
      and section is not distinct from ${section} and archived_at is null`);
  const id = result.rows[0]?.id;
  if (id === undefined) {
    throw new Error(`no live position ${shelf}${section ?? ""} in warehouse ${warehouseId}`);
  }
  return id;
}

export const EMPTY_CHANGE = {
  fromLocationId: null,
  toLocationId: null,
  adjustment: null,
  reason: "test",
  managedBy: null,
  supplier: null,
  invoice: null,
  unitPrice: null,
  purchaseId: null,
  occurredAt: null,
} satisfies Partial<StockChange>;

/** Records stock changes through the one stock-service path, as the API does. */
export async function writeStock(
  ctx: TestContext,
  changes: Array<Partial<StockChange> & Pick<StockChange, "type" | "itemId" | "quantity">>,
) {
  return inTransaction(ctx.db, (tx) =>
    writeStockChanges(
      tx,
      changes.map((change) => ({ ...EMPTY_CHANGE, ...change })),
      SYSTEM_ACTOR,
    ),
  );
}

export function receive(ctx: TestContext, itemId: number, toLocationId: number, quantity: string) {
  return writeStock(ctx, [{ type: "received", itemId, toLocationId, quantity }]);
}

/** After every stock test: the ledger invariants hold for the whole database. */
export async function expectLedgerConsistent(ctx: TestContext) {
  expect(await findLedgerViolations(ctx.db)).toEqual([]);
}
