import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  receive,
  writeStock,
} from "../../../test/factories/stock.ts";

const ctx = await createTestContext();
const warehouse = await createTestWarehouse(ctx, { maxShelves: 2, sectionsPerShelf: 2 });
const a01 = await positionId(ctx, warehouse.id, "A", "01");
const b02 = await positionId(ctx, warehouse.id, "B", "02");

afterEach(() => expectLedgerConsistent(ctx));

async function balance(itemId: number, locationId: number) {
  const result = await ctx.db.execute<{ quantity: string }>(
    sql`select trim_scale(quantity)::text as quantity from stock_balances where item_id = ${itemId} and location_id = ${locationId}`,
  );
  return result.rows[0]?.quantity ?? null;
}

describe("the stock service", () => {
  it("applies received, moved, dispatched and both adjustments to balances", async () => {
    const item = await createTestItem(ctx, { unit: "kilogram" });
    await receive(ctx, item.id, a01, "10.5");
    await writeStock(ctx, [
      { type: "moved", itemId: item.id, fromLocationId: a01, toLocationId: b02, quantity: "4" },
    ]);
    await writeStock(ctx, [{ type: "dispatched", itemId: item.id, fromLocationId: b02, quantity: "1.25" }]);
    await writeStock(ctx, [
      { type: "adjusted", adjustment: "increase", itemId: item.id, toLocationId: b02, quantity: "0.25" },
    ]);
    await writeStock(ctx, [
      { type: "adjusted", adjustment: "decrease", itemId: item.id, fromLocationId: a01, quantity: "6.5" },
    ]);
    expect(await balance(item.id, a01)).toBeNull();
    expect(await balance(item.id, b02)).toBe("3");
  });

  it("refuses to take more than a location holds, with the spec's message, and changes nothing", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, a01, "4");
    await expect(
      writeStock(ctx, [{ type: "dispatched", itemId: item.id, fromLocationId: a01, quantity: "5" }]),
    ).rejects.toMatchObject({
      code: "INSUFFICIENT_STOCK",
      message: "Not enough items in source location. Available: 4",
    });
    await expect(
      writeStock(ctx, [{ type: "dispatched", itemId: item.id, fromLocationId: b02, quantity: "1" }]),
    ).rejects.toMatchObject({ message: "Not enough items in source location. Available: 0" });
    expect(await balance(item.id, a01)).toBe("4");
  });

  it("rolls back every change of a multi-line write when one line fails", async () => {
    const item = await createTestItem(ctx);
    await expect(
      writeStock(ctx, [
        { type: "received", itemId: item.id, toLocationId: a01, quantity: "3" },
        { type: "dispatched", itemId: item.id, fromLocationId: b02, quantity: "1" },
      ]),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_STOCK" });
    expect(await balance(item.id, a01)).toBeNull();
    const movements = await ctx.db.execute(sql`select 1 from stock_movements where item_id = ${item.id}`);
    expect(movements.rows).toHaveLength(0);
  });

  it("takes whole numbers only for pieces and boxes, and refuses zero", async () => {
    const item = await createTestItem(ctx, { unit: "box" });
    await expect(receive(ctx, item.id, a01, "1.5")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(receive(ctx, item.id, a01, "0")).rejects.toMatchObject({
      message: "Quantity must be greater than 0",
    });
  });

  it("refuses archived items and positions that left the layout", async () => {
    const item = await createTestItem(ctx);
    await ctx.db.execute(sql`update items set archived_at = now() where id = ${item.id}`);
    await expect(receive(ctx, item.id, a01, "1")).rejects.toMatchObject({
      message: "Please select a valid item",
    });
    const live = await createTestItem(ctx);
    const other = await createTestWarehouse(ctx);
    const position = await positionId(ctx, other.id, "C", "02");
    await ctx.db.execute(sql`update locations set archived_at = now() where id = ${position}`);
    await expect(receive(ctx, live.id, position, "1")).rejects.toMatchObject({
      message: "Please select a destination location",
    });
  });

  it("never oversells under concurrency: 30 dispatches of 1 against 10 in stock", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, a01, "10");
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        writeStock(ctx, [{ type: "dispatched", itemId: item.id, fromLocationId: a01, quantity: "1" }]),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(10);
    expect(await balance(item.id, a01)).toBeNull();
  });

  it("keeps concurrent moves in opposite directions free of deadlocks and conserves stock", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, a01, "50");
    await receive(ctx, item.id, b02, "50");
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        writeStock(ctx, [
          n % 2 === 0
            ? { type: "moved", itemId: item.id, fromLocationId: a01, toLocationId: b02, quantity: "1" }
            : { type: "moved", itemId: item.id, fromLocationId: b02, toLocationId: a01, quantity: "1" },
        ]),
      ),
    );
    expect(await balance(item.id, a01)).toBe("50");
    expect(await balance(item.id, b02)).toBe("50");
  });
});
