import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  EMPTY_CHANGE,
  expectLedgerConsistent,
  positionId,
  receive,
  writeStock,
} from "../../../test/factories/stock.ts";
import { createUser } from "../../../test/factories/users.ts";
import { SYSTEM_ACTOR } from "../audit/audit.repository.ts";
import { writeStockChanges } from "./stock.service.ts";

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

  it("sums a write's changes per balance, and names the balance that holds too little", async () => {
    const first = await createTestItem(ctx);
    const second = await createTestItem(ctx);
    await receive(ctx, first.id, a01, "3");
    await receive(ctx, second.id, b02, "2");
    // Out of a01 twice (4 of 3 in all) while 2 come in: only the sum must be there.
    await writeStock(ctx, [
      { type: "dispatched", itemId: first.id, fromLocationId: a01, quantity: "2" },
      { type: "received", itemId: first.id, toLocationId: a01, quantity: "2" },
      { type: "dispatched", itemId: first.id, fromLocationId: a01, quantity: "2" },
    ]);
    expect(await balance(first.id, a01)).toBe("1");
    await expect(
      writeStock(ctx, [
        { type: "dispatched", itemId: first.id, fromLocationId: a01, quantity: "1" },
        { type: "dispatched", itemId: second.id, fromLocationId: b02, quantity: "2" },
        { type: "dispatched", itemId: second.id, fromLocationId: b02, quantity: "1" },
      ]),
    ).rejects.toMatchObject({
      code: "INSUFFICIENT_STOCK",
      message: "Not enough items in source location. Available: 2",
      details: { itemId: second.id, locationId: b02, available: "2" },
    });
    expect(await balance(first.id, a01)).toBe("1");
    expect(await balance(second.id, b02)).toBe("2");
  });

  it("writes nothing when any line breaks a rule, and names the first broken one", async () => {
    const item = await createTestItem(ctx);
    const boxes = await createTestItem(ctx, { unit: "box" });
    const archivedItem = await createTestItem(ctx);
    await ctx.db.execute(sql`update items set archived_at = now() where id = ${archivedItem.id}`);
    const person = await createUser(ctx);
    await ctx.db.execute(sql`update users set deleted_at = now() where id = ${person.id}`);
    const closed = await createTestWarehouse(ctx);
    const closedPosition = await positionId(ctx, closed.id, "A", "01");
    await ctx.db.execute(sql`update warehouses set archived_at = now() where id = ${closed.id}`);
    await receive(ctx, item.id, a01, "5");
    const fine = {
      type: "moved" as const,
      itemId: item.id,
      fromLocationId: a01,
      toLocationId: b02,
      quantity: "1",
    };
    const broken = [
      [
        { type: "received" as const, itemId: archivedItem.id, toLocationId: a01, quantity: "1" },
        "Please select a valid item",
      ],
      [{ ...fine, managedBy: person.id }, "Invalid item or staff selection"],
      [
        { type: "received" as const, itemId: boxes.id, toLocationId: a01, quantity: "1.5" },
        "Quantity must be a whole number for box",
      ],
      [{ ...fine, toLocationId: closedPosition }, "Please select a destination location"],
      [{ ...fine, fromLocationId: closedPosition, toLocationId: a01 }, "Please select a source location"],
    ] as const;
    for (const [line, message] of broken) {
      // The broken line comes second: the first one, fine on its own, is not written either.
      await expect(writeStock(ctx, [fine, line])).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        message,
      });
    }
    expect(await balance(item.id, a01)).toBe("5");
    expect(await balance(item.id, b02)).toBeNull();
    const written = await ctx.db.execute(
      sql`select 1 from stock_movements where item_id in (${item.id}, ${boxes.id}, ${archivedItem.id}) and type <> 'received'`,
    );
    expect(written.rows).toHaveLength(0);
  });

  it("records each movement's unit and managing person's name, in the ledger and in its audit entry", async () => {
    const item = await createTestItem(ctx, { unit: "kilogram" });
    const person = await createUser(ctx, { name: "Layla Haddad" });
    const [id] = await writeStock(ctx, [
      { type: "received", itemId: item.id, toLocationId: a01, quantity: "2.5", managedBy: person.id },
    ]);
    const row = await ctx.db.execute<{ unit: string; name: string; after: Record<string, unknown> }>(sql`
      select m.unit, m.managed_by_name as name, a.after from stock_movements m
      join audit_log a on a.entity = 'stock_movement' and a.entity_id = m.id::text and a.action = 'create'
      where m.id = ${id}`);
    expect(row.rows[0]).toMatchObject({
      unit: "kilogram",
      name: "Layla Haddad",
      after: { unit: "kilogram", managedByName: "Layla Haddad", quantity: "2.5", managedBy: person.id },
    });
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

  it("plans a movement's statements once per connection, not on every movement", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, a01, "20");
    const plans = await ctx.db.transaction(async (tx) => {
      for (let n = 0; n < 12; n++) {
        const [from, to] = n % 2 === 0 ? [a01, b02] : [b02, a01];
        const move = { ...EMPTY_CHANGE, type: "moved" as const, itemId: item.id, quantity: "1" };
        await writeStockChanges(tx, [{ ...move, fromLocationId: from, toLocationId: to }], SYSTEM_ACTOR);
      }
      const prepared = await tx.execute<{
        statement: string;
        types: string;
        custom: number;
        generic: number;
      }>(sql`
        select statement, parameter_types::text as types, custom_plans::int as custom,
          generic_plans::int as generic
        from pg_prepared_statements where name like 'wms_%'`);
      return prepared.rows;
    });
    const lock = plans.filter((plan) => plan.statement.includes("locked_items"));
    expect(lock).toHaveLength(1);
    for (const plan of plans) {
      // PostgreSQL tries five custom plans before it settles on the generic one; each later custom
      // plan is a planning of its own on a movement.
      expect(plan.custom).toBeLessThanOrEqual(5);
      // A list typed int[] shows the custom plan its length, which on a large catalogue always looks
      // cheaper than the generic plan: planned on every call (the tables here are too small to show it).
      expect(plan.types).not.toContain("[]");
    }
    expect(lock[0]?.generic).toBeGreaterThanOrEqual(7);
  });
});
