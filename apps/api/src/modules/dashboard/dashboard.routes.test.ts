import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  writeStock,
} from "../../../test/factories/stock.ts";
import { createUser, sessionCookieFor } from "../../../test/factories/users.ts";
import { request } from "../../../test/http.ts";

// A database of this file's own: every count below is of what these tests made.
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const admin = await createUser(ctx, { role: "admin" });
const staff = await createUser(ctx, { role: "staff", name: "Ahmed Staff" });
await createUser(ctx, { role: "staff" });
const adminCookie = await sessionCookieFor(ctx, admin.id);
const staffCookie = await sessionCookieFor(ctx, staff.id);
const warehouse = await createTestWarehouse(ctx, { maxShelves: 1, sectionsPerShelf: 2 });
await createTestWarehouse(ctx);
const a01 = await positionId(ctx, warehouse.id, "A", "01");
const items = [await createTestItem(ctx), await createTestItem(ctx), await createTestItem(ctx)];
const DAY_MS = 24 * 3_600_000;

afterEach(() => expectLedgerConsistent(ctx));

async function dashboard(cookie: string) {
  const response = await request(ctx.app, "GET", "/api/dashboard", { cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function receiveAt(itemId: number, daysAgo: number) {
  return writeStock(ctx, [
    {
      type: "received",
      itemId,
      toLocationId: a01,
      quantity: "1",
      occurredAt: new Date(ctx.clock.now().getTime() - daysAgo * DAY_MS),
    },
  ]);
}

function post(itemId: number) {
  return request(ctx.app, "POST", "/api/movements", {
    cookie: staffCookie,
    body: { type: "received", itemId, quantity: "2", toLocationId: a01, managedBy: staff.id, reason: "test" },
  });
}

describe("the dashboard", () => {
  it("counts live items, staff and warehouses, and the live movements of the last 30 days", async () => {
    const [first, second, third] = items;
    if (!first || !second || !third) {
      throw new Error("the items were not made");
    }
    const deleted = await request(ctx.app, "DELETE", `/api/items/${third.id}`, { cookie: adminCookie });
    expect(deleted.statusCode).toBe(204);
    await receiveAt(first.id, 45); // before the window
    await receiveAt(first.id, 31);
    await receiveAt(first.id, 29); // inside it
    await receiveAt(second.id, 2);
    const kept = (await post(first.id)).json();
    const removed = (await post(second.id)).json();
    expect(
      (await request(ctx.app, "DELETE", `/api/movements/${removed.id}`, { cookie: staffCookie })).statusCode,
    ).toBe(204);

    const summary = await dashboard(adminCookie);
    expect(summary).toMatchObject({
      itemCount: 2,
      staffCount: 2,
      warehouseCount: 2,
      // 29 and 2 days ago and the posted one kept; not the deleted one, nor those of 31 and 45 days ago.
      recentMovementCount: 3,
      myMovementsToday: 0,
    });
    // Newest recorded first; the deleted movement is in neither the count nor the list.
    const listed = summary.recentMovements.map((movement: { id: number }) => movement.id);
    expect(listed[0]).toBe(kept.id);
    expect(listed).not.toContain(removed.id);
    expect(listed).toHaveLength(5);
    expect((await dashboard(staffCookie)).myMovementsToday).toBe(1);
  });

  it("counts a movement a minute inside the 30 days and not one a minute outside, as the ledger does", async () => {
    const [first] = items;
    if (!first) {
      throw new Error("the items were not made");
    }
    const before = (await dashboard(adminCookie)).recentMovementCount;
    await receiveAt(first.id, 30 - 1 / 1440);
    await receiveAt(first.id, 30 + 1 / 1440);
    const after = (await dashboard(adminCookie)).recentMovementCount;
    expect(after).toBe(before + 1);
    const since = new Date(ctx.clock.now().getTime() - 30 * DAY_MS);
    const direct = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from stock_movements where deleted_at is null and occurred_at >= ${since}`);
    expect(after).toBe(direct.rows[0]?.n);
  });
});
