import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  receive,
} from "../../../test/factories/stock.ts";
import { signedInAs } from "../../../test/factories/users.ts";
import { request } from "../../../test/http.ts";

/** The concurrency suite of the stock ledger, through the real HTTP routes and a real connection pool. */
const ctx = await createTestContext();
const { user: admin, cookie } = await signedInAs(ctx, { role: "admin" });
const warehouse = await createTestWarehouse(ctx, { maxShelves: 3, sectionsPerShelf: 3 });
const [a, b, c] = [
  await positionId(ctx, warehouse.id, "A", "01"),
  await positionId(ctx, warehouse.id, "B", "01"),
  await positionId(ctx, warehouse.id, "C", "01"),
];

afterEach(() => expectLedgerConsistent(ctx));

const move = (body: Record<string, unknown>) =>
  request(ctx.app, "POST", "/api/movements", {
    cookie,
    body: { managedBy: admin.id, reason: "race", ...body },
  });

async function quantityAt(itemId: number, locationId: number) {
  const result = await ctx.db.execute<{ q: string }>(
    sql`select trim_scale(quantity)::text as q from stock_balances where item_id = ${itemId} and location_id = ${locationId}`,
  );
  return result.rows[0]?.q ?? "0";
}

describe("stock under concurrency", () => {
  it("50 concurrent dispatches of 1 against 10: exactly 10 succeed, 40 get a clear 409, nothing is left", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, a, "10");
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        move({ type: "dispatched", itemId: item.id, quantity: "1", fromLocationId: a }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.json().error.code === "INSUFFICIENT_STOCK")).toBe(true);
    expect(await quantityAt(item.id, a)).toBe("0");
  });

  it("moves A->B and B->A at once neither deadlock nor lose units", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, a, "30");
    await receive(ctx, item.id, b, "30");
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        move(
          n % 2 === 0
            ? { type: "moved", itemId: item.id, quantity: "1", fromLocationId: a, toLocationId: b }
            : { type: "moved", itemId: item.id, quantity: "1", fromLocationId: b, toLocationId: a },
        ),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect(Number(await quantityAt(item.id, a)) + Number(await quantityAt(item.id, b))).toBe(60);
  });

  it("a deletion racing dispatches never leaves a negative balance", async () => {
    const item = await createTestItem(ctx);
    const receipt = (
      await move({ type: "received", itemId: item.id, quantity: "5", toLocationId: a })
    ).json();
    const [deletion, ...dispatches] = await Promise.all([
      request(ctx.app, "DELETE", `/api/movements/${receipt.id}`, { cookie }),
      ...Array.from({ length: 5 }, () =>
        move({ type: "dispatched", itemId: item.id, quantity: "1", fromLocationId: a }),
      ),
    ]);
    const dispatched = dispatches.filter((r) => r.statusCode === 201).length;
    if (deletion?.statusCode === 204) {
      expect(dispatched).toBe(0);
    } else {
      expect(deletion?.json().error.code).toBe("REVERSAL_WOULD_GO_NEGATIVE");
      expect(dispatched).toBeGreaterThan(0);
    }
    const negative = await ctx.db.execute(sql`select 1 from stock_balances where quantity < 0`);
    expect(negative.rows).toHaveLength(0);
  });

  it("two concurrent deletions of one movement reverse it once", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, a, "8");
    const moved = (
      await move({ type: "moved", itemId: item.id, quantity: "3", fromLocationId: a, toLocationId: b })
    ).json();
    const results = await Promise.all([
      request(ctx.app, "DELETE", `/api/movements/${moved.id}`, { cookie }),
      request(ctx.app, "DELETE", `/api/movements/${moved.id}`, { cookie }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    expect(await quantityAt(item.id, a)).toBe("8");
    expect(await quantityAt(item.id, b)).toBe("0");
  });

  it("20 concurrent purchases and movements over 5 items keep every invariant", async () => {
    const items = await Promise.all(
      Array.from({ length: 5 }, () => createTestItem(ctx, { unit: "kilogram" })),
    );
    for (const item of items) {
      await receive(ctx, item.id, a, "20");
    }
    const work = Array.from({ length: 20 }, (_, n) => {
      const item = items[n % 5];
      const other = items[(n + 2) % 5];
      if (!item || !other) {
        throw new Error("unreachable");
      }
      if (n % 4 === 0) {
        return request(ctx.app, "POST", "/api/purchases", {
          cookie,
          body: {
            invoiceNumber: `RACE-${n}`,
            date: "2026-01-15",
            supplierName: "Race Supplier",
            lines: [
              {
                itemId: item.id,
                unitPrice: "4",
                allocations: [
                  { locationId: b, quantity: "1.5" },
                  { locationId: c, quantity: "2" },
                ],
              },
              { itemId: other.id, unitPrice: "6", allocations: [{ locationId: a, quantity: "1" }] },
            ],
          },
        });
      }
      return n % 4 === 1
        ? move({ type: "moved", itemId: item.id, quantity: "2.25", fromLocationId: a, toLocationId: c })
        : move({ type: "dispatched", itemId: other.id, quantity: "0.5", fromLocationId: a });
    });
    const responses = await Promise.all(work);
    expect(responses.map((r) => r.statusCode).every((status) => status === 201)).toBe(true);
  });
});
