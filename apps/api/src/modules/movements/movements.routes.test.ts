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
import { createUser, sessionCookieFor } from "../../../test/factories/users.ts";
import { errorCode, request } from "../../../test/http.ts";

const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const admin = await createUser(ctx, { role: "admin", name: "Mariam Admin" });
const staff = await createUser(ctx, { role: "staff", name: "Ahmed Staff" });
const otherStaff = await createUser(ctx, { role: "staff", name: "Fatima Staff" });
const adminCookie = await sessionCookieFor(ctx, admin.id);
const staffCookie = await sessionCookieFor(ctx, staff.id);
const otherCookie = await sessionCookieFor(ctx, otherStaff.id);
const warehouse = await createTestWarehouse(ctx, { name: "MOVE", maxShelves: 2, sectionsPerShelf: 2 });
const a01 = await positionId(ctx, warehouse.id, "A", "01");
const b02 = await positionId(ctx, warehouse.id, "B", "02");

afterEach(() => expectLedgerConsistent(ctx));

function post(body: Record<string, unknown>, cookie = staffCookie, headers: Record<string, string> = {}) {
  return request(ctx.app, "POST", "/api/movements", {
    cookie,
    headers,
    body: { managedBy: staff.id, reason: "test", ...body },
  });
}

async function quantityAt(itemId: number, locationId: number) {
  const result = await ctx.db.execute<{ q: string }>(
    sql`select trim_scale(quantity)::text as q from stock_balances where item_id = ${itemId} and location_id = ${locationId}`,
  );
  return result.rows[0]?.q ?? "0";
}

describe("recording movements", () => {
  it("records each type as staff, with the location codes and staff name in the answer", async () => {
    const item = await createTestItem(ctx, { unit: "kilogram" });
    const received = await post({ type: "received", itemId: item.id, quantity: "12.5", toLocationId: a01 });
    expect(received.statusCode).toBe(201);
    expect(received.json()).toMatchObject({
      type: "received",
      quantity: "12.5",
      unit: "kilogram",
      to: { code: "MOVEA01" },
      from: null,
      staffName: "Ahmed Staff",
      canManage: true,
      deleteMinutesLeft: 10,
    });
    const answers = [
      received,
      await post({ type: "moved", itemId: item.id, quantity: "2.5", fromLocationId: a01, toLocationId: b02 }),
      await post({ type: "dispatched", itemId: item.id, quantity: "1", fromLocationId: b02 }),
      await post({
        type: "adjusted",
        adjustment: "increase",
        itemId: item.id,
        quantity: "0.5",
        toLocationId: b02,
      }),
      await post({
        type: "adjusted",
        adjustment: "decrease",
        itemId: item.id,
        quantity: "10",
        fromLocationId: a01,
      }),
    ].map((response) => response.json());
    // The answer is read by the statement that writes the movement: it is what reading it back gives.
    for (const answer of answers) {
      const read = await request(ctx.app, "GET", `/api/movements/${answer.id}`, { cookie: staffCookie });
      expect(read.json()).toEqual(answer);
    }
    expect(await quantityAt(item.id, a01)).toBe("0");
    expect(await quantityAt(item.id, b02)).toBe("2");
  });

  it.each([
    ["no item", { type: "received", quantity: "1", toLocationId: 1 }, "itemId", "Please select a valid item"],
    [
      "zero quantity",
      { type: "received", itemId: 1, quantity: "0", toLocationId: 1 },
      "quantity",
      "Quantity must be greater than 0",
    ],
    [
      "a move without source",
      { type: "moved", itemId: 1, quantity: "1", toLocationId: 1 },
      "fromLocationId",
      "Please select a source location",
    ],
    [
      "a dispatch without source",
      { type: "dispatched", itemId: 1, quantity: "1" },
      "fromLocationId",
      "Please select a source location",
    ],
    [
      "a receipt without destination",
      { type: "received", itemId: 1, quantity: "1" },
      "toLocationId",
      "Please select a destination location",
    ],
    [
      "an adjustment without direction",
      { type: "adjusted", itemId: 1, quantity: "1", toLocationId: 1 },
      "adjustment",
      "Choose increase or decrease",
    ],
    [
      "an empty reason",
      { type: "received", itemId: 1, quantity: "1", toLocationId: 1, reason: "  " },
      "reason",
      "Reason is required",
    ],
  ])("refuses %s with the spec's message", async (_case, body, field, message) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[field]).toBe(message);
  });

  it("refuses an unknown item or staff member, and taking more than the source holds", async () => {
    const item = await createTestItem(ctx);
    const unknownItem = await post({ type: "received", itemId: 999_999, quantity: "1", toLocationId: a01 });
    expect(unknownItem.json().error.message).toBe("Please select a valid item");
    const unknownStaff = await post({
      type: "received",
      itemId: item.id,
      quantity: "1",
      toLocationId: a01,
      managedBy: 999_999,
    });
    expect(unknownStaff.json().error.message).toBe("Invalid item or staff selection");
    await receive(ctx, item.id, a01, "4");
    const tooMany = await post({ type: "dispatched", itemId: item.id, quantity: "5", fromLocationId: a01 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({
      code: "INSUFFICIENT_STOCK",
      message: "Not enough items in source location. Available: 4",
      details: { available: "4" },
    });
  });

  it("records a retried submission once and refuses the same key with another body", async () => {
    const item = await createTestItem(ctx);
    const key = { "idempotency-key": "form-submission-0001" };
    const body = { type: "received", itemId: item.id, quantity: "3", toLocationId: a01 };
    const [first, second] = await Promise.all([post(body, staffCookie, key), post(body, staffCookie, key)]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(await quantityAt(item.id, a01)).toBe("3");
    const changed = await post({ ...body, quantity: "4" }, staffCookie, key);
    expect(changed.statusCode).toBe(422);
    expect(errorCode(changed)).toBe("IDEMPOTENCY_MISMATCH");
    const otherUser = await post(body, otherCookie, key);
    expect(otherUser.json().id).not.toBe(first.json().id);
  });
});

describe("listing movements", () => {
  it("filters by type, business-day date range and text on the server, 15 a page", async () => {
    const item = await createTestItem(ctx, { itemNo: "LIST-ME", name: "Karak blend" });
    for (let n = 0; n < 17; n += 1) {
      await receive(ctx, item.id, a01, "1");
    }
    const list = async (query: string) =>
      (await request(ctx.app, "GET", `/api/movements?${query}`, { cookie: staffCookie })).json();
    const first = await list("search=karak");
    expect(first).toMatchObject({ total: 17, pageSize: 15 });
    expect(first.movements).toHaveLength(15);
    expect((await list("search=karak&page=2")).movements).toHaveLength(2);
    expect((await list("search=list-me&type=dispatched")).total).toBe(0);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dubai" }).format(new Date());
    expect((await list(`search=karak&from=${today}&to=${today}`)).total).toBe(17);
    expect((await list("search=karak&from=2020-01-01&to=2020-01-31")).total).toBe(0);
    expect(
      (await request(ctx.app, "GET", "/api/movements?from=2020-02-30", { cookie: staffCookie })).statusCode,
    ).toBe(400);
  });
});

describe("the movement list's total", () => {
  it("counts the live movements each filter matches, leaving out deleted ones, as the ledger does", async () => {
    const item = await createTestItem(ctx, { itemNo: "TOTAL-ME", name: "Saffron threads" });
    await receive(ctx, item.id, a01, "5");
    const kept = (
      await post({ type: "dispatched", itemId: item.id, quantity: "1", fromLocationId: a01 })
    ).json();
    const removed = (
      await post({ type: "dispatched", itemId: item.id, quantity: "1", fromLocationId: a01 })
    ).json();
    expect(
      (await request(ctx.app, "DELETE", `/api/movements/${removed.id}`, { cookie: staffCookie })).statusCode,
    ).toBe(204);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dubai" }).format(new Date());
    const totalOf = async (query: string) =>
      (await request(ctx.app, "GET", `/api/movements?${query}`, { cookie: staffCookie })).json().total;
    const direct = async (where: ReturnType<typeof sql>) => {
      const result = await ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from stock_movements m join items i on i.id = m.item_id
        where m.deleted_at is null and ${where}`);
      return result.rows[0]?.n;
    };
    expect(await totalOf(`itemId=${item.id}`)).toBe(2);
    expect(await totalOf(`itemId=${item.id}&type=dispatched`)).toBe(1);
    expect(await totalOf("search=saffron")).toBe(2);
    expect(await totalOf(`search=total-me&type=dispatched&from=${today}&to=${today}`)).toBe(1);
    const listed = (
      await request(ctx.app, "GET", `/api/movements?itemId=${item.id}`, { cookie: staffCookie })
    )
      .json()
      .movements.map((movement: { id: number }) => movement.id);
    expect(listed).toContain(kept.id);
    expect(listed).not.toContain(removed.id);
    expect(await totalOf("")).toBe(await direct(sql`true`));
    expect(await totalOf("type=dispatched")).toBe(await direct(sql`m.type = 'dispatched'`));
  });
});

describe("editing and deleting movements", () => {
  it("changes only the reason, and only of one's own movements (admins: any)", async () => {
    const item = await createTestItem(ctx);
    const created = (
      await post({ type: "received", itemId: item.id, quantity: "1", toLocationId: a01 })
    ).json();
    const url = `/api/movements/${created.id}`;
    expect(
      (await request(ctx.app, "PATCH", url, { cookie: otherCookie, body: { reason: "mine now" } }))
        .statusCode,
    ).toBe(403);
    const edited = await request(ctx.app, "PATCH", url, {
      cookie: staffCookie,
      body: { reason: "Counted twice" },
    });
    expect(edited.json()).toMatchObject({ reason: "Counted twice", quantity: "1" });
    const withQuantity = await request(ctx.app, "PATCH", url, {
      cookie: staffCookie,
      body: { reason: "x", quantity: "9" },
    });
    expect(withQuantity.statusCode).toBe(400);
    expect(
      (await request(ctx.app, "PATCH", url, { cookie: adminCookie, body: { reason: "Checked" } })).statusCode,
    ).toBe(200);
  });

  it("deletes within 10 minutes by reversing it; it leaves lists but stays in the ledger", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, a01, "5");
    const moved = (
      await post({ type: "moved", itemId: item.id, quantity: "2", fromLocationId: a01, toLocationId: b02 })
    ).json();
    expect(
      (await request(ctx.app, "DELETE", `/api/movements/${moved.id}`, { cookie: otherCookie })).statusCode,
    ).toBe(403);
    expect(
      (await request(ctx.app, "DELETE", `/api/movements/${moved.id}`, { cookie: staffCookie })).statusCode,
    ).toBe(204);
    expect(await quantityAt(item.id, a01)).toBe("5");
    expect(await quantityAt(item.id, b02)).toBe("0");
    expect(
      (await request(ctx.app, "GET", `/api/movements/${moved.id}`, { cookie: staffCookie })).statusCode,
    ).toBe(404);
    const row = await ctx.db.execute<{ deleted_by: number }>(
      sql`select deleted_by from stock_movements where id = ${moved.id}`,
    );
    expect(row.rows[0]?.deleted_by).toBe(staff.id);
    expect(
      (await request(ctx.app, "DELETE", `/api/movements/${moved.id}`, { cookie: staffCookie })).statusCode,
    ).toBe(404);
  });

  it("refuses after 10 minutes by the database clock, naming the creation date", async () => {
    const item = await createTestItem(ctx);
    const created = (
      await post({ type: "received", itemId: item.id, quantity: "1", toLocationId: a01 })
    ).json();
    await ctx.db.execute(
      sql`update stock_movements set created_at = timestamptz '2026-03-05 10:15:00+04' where id = ${created.id}`,
    );
    const view = (
      await request(ctx.app, "GET", `/api/movements/${created.id}`, { cookie: staffCookie })
    ).json();
    expect(view.deleteMinutesLeft).toBe(0);
    const response = await request(ctx.app, "DELETE", `/api/movements/${created.id}`, {
      cookie: staffCookie,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "This movement cannot be deleted because it was created more than 10 minutes ago. Created on: 5 Mar 2026, 10:15",
    );
  });

  it("refuses a deletion whose reversal would go below zero (product-decisions 9)", async () => {
    const item = await createTestItem(ctx);
    const received = (
      await post({ type: "received", itemId: item.id, quantity: "3", toLocationId: a01 })
    ).json();
    await post({ type: "dispatched", itemId: item.id, quantity: "2", fromLocationId: a01 });
    const response = await request(ctx.app, "DELETE", `/api/movements/${received.id}`, {
      cookie: staffCookie,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: "REVERSAL_WOULD_GO_NEGATIVE",
      details: { available: "1" },
    });
    expect(response.json().error.message).toContain("MOVEA01 now holds 1");
    expect(await quantityAt(item.id, a01)).toBe("1");
  });

  it("refuses with the spec's message a movement whose location has left the layout", async () => {
    const item = await createTestItem(ctx);
    const other = await createTestWarehouse(ctx);
    const position = await positionId(ctx, other.id, "C", "02");
    await receive(ctx, item.id, position, "2");
    const dispatched = (
      await post({ type: "dispatched", itemId: item.id, quantity: "2", fromLocationId: position })
    ).json();
    await ctx.db.execute(sql`update locations set archived_at = now() where id = ${position}`);
    const response = await request(ctx.app, "DELETE", `/api/movements/${dispatched.id}`, {
      cookie: staffCookie,
    });
    expect(response.json().error.message).toBe(
      "This movement record does not have the required location information for proper reversal. Please contact support.",
    );
  });
});

describe("item history, latest movement, pickers and dashboard", () => {
  it("lists an item's movements newest first with the running total after each", async () => {
    const item = await createTestItem(ctx);
    await post({ type: "received", itemId: item.id, quantity: "10", toLocationId: a01 });
    await post({ type: "moved", itemId: item.id, quantity: "4", fromLocationId: a01, toLocationId: b02 });
    await post({ type: "dispatched", itemId: item.id, quantity: "3", fromLocationId: b02 });
    const history = (
      await request(ctx.app, "GET", `/api/items/${item.id}/history`, { cookie: staffCookie })
    ).json();
    expect(history.item.totalQuantity).toBe("7");
    expect(
      history.movements.map((m: { type: string; balanceAfter: string }) => [m.type, m.balanceAfter]),
    ).toEqual([
      ["dispatched", "7"],
      ["moved", "10"],
      ["received", "10"],
    ]);
    const latest = (await request(ctx.app, "GET", "/api/movements/latest", { cookie: adminCookie })).json();
    // Latest by recording time.
    expect(latest.movement).toMatchObject({ type: "dispatched", itemId: item.id });
  });

  it("calls latest what was recorded last, even a purchase backdated to yesterday", async () => {
    const item = await createTestItem(ctx);
    await post({ type: "received", itemId: item.id, quantity: "2", toLocationId: a01 });
    const yesterday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dubai" }).format(
      new Date(Date.now() - 86_400_000),
    );
    const purchase = await request(ctx.app, "POST", "/api/purchases", {
      cookie: adminCookie,
      body: {
        invoiceNumber: "LATE-1",
        date: yesterday,
        supplierName: "Backdated Supplier",
        lines: [{ itemId: item.id, unitPrice: "1", allocations: [{ locationId: b02, quantity: "5" }] }],
      },
    });
    expect(purchase.statusCode).toBe(201);
    const latest = (await request(ctx.app, "GET", "/api/movements/latest", { cookie: staffCookie })).json();
    expect(latest.movement).toMatchObject({ invoice: "LATE-1", itemId: item.id });
    const list = (
      await request(ctx.app, "GET", `/api/movements?itemId=${item.id}`, { cookie: staffCookie })
    ).json();
    expect(list.movements.map((m: { invoice: string | null }) => m.invoice)).toEqual([null, "LATE-1"]);
  });

  it("offers positions by code with what they hold of an item, and the people to pick", async () => {
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, b02, "6");
    const options = (
      await request(ctx.app, "GET", `/api/locations?search=moveb&itemId=${item.id}`, { cookie: staffCookie })
    ).json();
    expect(options.locations[0]).toMatchObject({ code: "MOVEB02", quantity: "6" });
    const stocked = (
      await request(ctx.app, "GET", `/api/locations?itemId=${item.id}&stockedOnly=true`, {
        cookie: staffCookie,
      })
    ).json();
    expect(stocked.locations.map((l: { code: string }) => l.code)).toEqual(["MOVEB02"]);
    const people = (await request(ctx.app, "GET", "/api/people", { cookie: staffCookie })).json();
    expect(people.people.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["Ahmed Staff", "Mariam Admin"]),
    );
  });

  it("fills the dashboard's cards, latest 5 and the caller's movements today", async () => {
    const dashboard = (await request(ctx.app, "GET", "/api/dashboard", { cookie: staffCookie })).json();
    expect(dashboard.recentMovements).toHaveLength(5);
    expect(dashboard.itemCount).toBeGreaterThan(5);
    expect(dashboard.recentMovementCount).toBeGreaterThan(10);
    expect(dashboard.myMovementsToday).toBeGreaterThan(5);
    // The other staff member recorded exactly one movement in this file (the idempotency test).
    const other = (await request(ctx.app, "GET", "/api/dashboard", { cookie: otherCookie })).json();
    expect(other.myMovementsToday).toBe(1);
    const fresh = await sessionCookieFor(ctx, (await createUser(ctx)).id);
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie: fresh })).json().myMovementsToday).toBe(
      0,
    );
  });
});
