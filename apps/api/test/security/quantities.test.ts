import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../context.ts";
import { createTestItem, expectLedgerConsistent, positionId } from "../factories/stock.ts";
import { DEFAULT_PASSWORD, sessionCookieFor } from "../factories/users.ts";
import { errorCode, request } from "../http.ts";
import { createFixture } from "./routes.ts";
import { changesNothing, count } from "./state.ts";

/**
 * Quantities and business rules (X19-X27). The contract (packages/domain common/decimal.ts): a
 * quantity is a JSON number or a decimal string of at most 9 integer digits and 3 decimals (so below a
 * billion: 999999999.999 at most), above 0, whole for pieces and boxes. Every refusal is a 400 that
 * stores nothing.
 */
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const f = await createFixture(ctx);

afterEach(() => expectLedgerConsistent(ctx));

function movementBody(quantity: unknown, overrides: Record<string, unknown> = {}) {
  return {
    type: "received",
    itemId: f.itemId,
    quantity,
    toLocationId: f.a02,
    managedBy: f.staff.id,
    reason: "bad input",
    ...overrides,
  };
}

/** The movement body as raw JSON with `literal` spliced in as the quantity (numbers JSON cannot hold). */
function rawMovement(literal: string) {
  const body = JSON.stringify(movementBody("__Q__")).replace('"__Q__"', literal);
  return request(ctx.app, "POST", "/api/movements", {
    cookie: f.staffCookie,
    body,
    headers: { "content-type": "application/json" },
  });
}

function purchaseBody(quantity: unknown, itemId = f.itemId) {
  return {
    invoiceNumber: `QTY-${Math.random().toString(36).slice(2, 10)}`,
    date: "2026-01-20",
    supplierName: "Quantities Ltd",
    notes: "",
    lines: [{ itemId, unitPrice: "1", allocations: [{ locationId: f.a02, quantity }] }],
  };
}

const BAD_QUANTITIES: Array<[string, string]> = [
  ["zero", "0"],
  ["zero as a string", '"0.000"'],
  ["minus one", "-1"],
  ["minus one as a string", '"-1"'],
  ["1.5 of an item counted in pieces", "1.5"],
  ["1e309 (Infinity once parsed)", "1e309"],
  ["9007199254740993 (beyond 2^53, would round)", "9007199254740993"],
  ["2147483648 (2^31, a billion or more)", "2147483648"],
  ["10 integer digits", '"1000000000"'],
  ["13 integer digits", '"1000000000000"'],
  ["4 decimals", '"1.0001"'],
  ["Arabic-Indic digits", '"١٠"'],
  ["exponent notation as a string", '"1e3"'],
  ["hexadecimal", '"0x10"'],
  ["a thousands separator", '"1,000"'],
  ["NaN as a string", '"NaN"'],
  ["Infinity as a string", '"Infinity"'],
  ["an empty string", '""'],
  ["null", "null"],
  ["true", "true"],
  ["an array", "[1]"],
  ["an object", '{"$gt":0}'],
];

describe("bad quantities (X19)", () => {
  it.each(BAD_QUANTITIES)(
    "POST /api/movements refuses %s with 400 and stores nothing",
    async (_c, literal) => {
      const response = await changesNothing(ctx, () => rawMovement(literal));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details.fields).toHaveProperty("quantity");
    },
  );

  it.each(BAD_QUANTITIES)(
    "POST /api/purchases refuses %s with 400 and stores nothing",
    async (_c, literal) => {
      const body = JSON.stringify(purchaseBody("__Q__")).replace('"__Q__"', literal);
      const response = await changesNothing(ctx, () =>
        request(ctx.app, "POST", "/api/purchases", {
          cookie: f.adminCookie,
          body,
          headers: { "content-type": "application/json" },
        }),
      );
      expect(response.statusCode, response.body).toBe(400);
    },
  );

  it("accepts what the contract allows: a decimal string, a JSON number and the largest, 999999999", async () => {
    const item = await createTestItem(ctx, { unit: "pieces" });
    for (const quantity of ["10", 10, "999999999"]) {
      const response = await request(ctx.app, "POST", "/api/movements", {
        cookie: f.staffCookie,
        body: movementBody(quantity, { itemId: item.id }),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().quantity).toBe(String(quantity));
    }
    const balance = await ctx.db.execute<{ q: string }>(
      sql`select trim_scale(quantity)::text as q from stock_balances where item_id = ${item.id}`,
    );
    expect(balance.rows[0]?.q).toBe(String(10 + 10 + 999999999));
    const tooLarge = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/movements", {
        cookie: f.staffCookie,
        body: movementBody(2147483648, { itemId: item.id }),
      }),
    );
    expect(tooLarge.statusCode).toBe(400);
  });

  it("refuses, with a 4xx and not a 500, stock that would overflow a balance", async () => {
    const item = await createTestItem(ctx, { unit: "pieces" });
    // 11 lines of 100 allocations of the largest quantity into one position: each line fits, their
    // sum does not fit the balance, so PostgreSQL's numeric overflow must come back as a 400.
    const line = {
      itemId: item.id,
      unitPrice: "1",
      allocations: Array.from({ length: 100 }, () => ({ locationId: f.a01, quantity: "999999999" })),
    };
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/purchases", {
        cookie: f.adminCookie,
        body: {
          invoiceNumber: "OVERFLOW-1",
          date: "2026-01-10",
          supplierName: "Huge Supplier",
          lines: Array.from({ length: 11 }, () => line),
        },
      }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe("A quantity or amount is too large.");
  });

  it("refuses, with a 4xx and not a 500, a purchase line whose allocations overflow", async () => {
    const body = purchaseBody("999999999999");
    const line = body.lines[0] as { allocations: Array<{ locationId: number; quantity: string }> };
    line.allocations.push({ locationId: f.a01, quantity: "999999999999" });
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/purchases", { cookie: f.adminCookie, body }),
    );
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});

describe("business rules (X20, X22, X23, X26)", () => {
  it("refuses a move from a position to itself (X20)", async () => {
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/movements", {
        cookie: f.staffCookie,
        body: movementBody("1", { type: "moved", fromLocationId: f.a01, toLocationId: f.a01 }),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields.toLocationId).toBe("Source and destination must differ");
  });

  function hundredLines(badLine: number, badItemId: number) {
    return {
      invoiceNumber: `HUNDRED-${badLine}-${badItemId}`,
      date: "2026-01-21",
      supplierName: "Bulk Supplier",
      notes: "",
      lines: Array.from({ length: 100 }, (_, n) => ({
        itemId: n + 1 === badLine ? badItemId : f.itemId,
        unitPrice: "1",
        allocations: [{ locationId: f.a02, quantity: "1" }],
      })),
    };
  }

  it("refuses a 100-line purchase whose line 57 is malformed, naming line 57, storing nothing (X22)", async () => {
    const body = hundredLines(57, f.itemId);
    (body.lines[56] as { allocations: Array<{ quantity: string }> }).allocations[0] = {
      locationId: f.a02,
      quantity: "-3",
    } as never;
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/purchases", { cookie: f.adminCookie, body }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.details.fields)).toEqual(["lines.56.allocations.0.quantity"]);
  });

  it("refuses a 100-line purchase whose line 57 names no item, naming line 57, storing nothing (X22)", async () => {
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/purchases", { cookie: f.adminCookie, body: hundredLines(57, 999_999) }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.details.fields)).toEqual(["lines.56.itemId"]);
  });

  it("refuses a client-sent createdAt, occurredAt or deletedAt (X23)", async () => {
    for (const field of ["createdAt", "occurredAt", "deletedAt", "createdBy"]) {
      const response = await changesNothing(ctx, () =>
        request(ctx.app, "POST", "/api/movements", {
          cookie: f.staffCookie,
          body: movementBody("1", { [field]: "2020-01-01T00:00:00Z" }),
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.fields[field]).toBe("Unknown field");
    }
  });

  it("times the 10-minute delete window by the database clock, not the server's (X23)", async () => {
    const created = await request(ctx.app, "POST", "/api/movements", {
      cookie: f.staffCookie,
      body: movementBody("1"),
    });
    expect(created.statusCode).toBe(201);
    // The application's clock jumps an hour; the database's does not, so the movement is still fresh.
    ctx.clock.advance(60 * 60_000);
    const cookie = await sessionCookieFor(ctx, f.staff.id);
    const view = await request(ctx.app, "GET", `/api/movements/${created.json().id}`, { cookie });
    expect(view.json().deleteMinutesLeft).toBeGreaterThanOrEqual(9);
    const removed = await request(ctx.app, "DELETE", `/api/movements/${created.json().id}`, { cookie });
    expect(removed.statusCode).toBe(204);
    f.staffCookie = cookie;
    f.adminCookie = await sessionCookieFor(ctx, f.admin.id);
  });

  it("never leaves stock in a container shelf deleted while a move into it runs (X26)", async () => {
    const credentials = { email: f.admin.email, password: DEFAULT_PASSWORD };
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const name = `RACE${round}`;
      const added = await request(ctx.app, "POST", `/api/warehouses/${f.warehouseId}/container-shelves`, {
        cookie: f.adminCookie,
        body: { name },
      });
      expect(added.statusCode).toBe(201);
      const shelf = await positionId(ctx, f.warehouseId, name, null);
      const [removed, moved] = await Promise.all([
        request(ctx.app, "DELETE", `/api/warehouses/${f.warehouseId}/container-shelves/${name}`, {
          cookie: f.adminCookie,
          body: { credentials },
        }),
        sleep(round * 8).then(() =>
          request(ctx.app, "POST", "/api/movements", {
            cookie: f.staffCookie,
            body: movementBody("1", { type: "moved", fromLocationId: f.a01, toLocationId: shelf }),
          }),
        ),
      ]);
      outcomes.push(`${removed.statusCode}/${moved.statusCode}`);
      // Either the shelf went first and the move was refused, or the move went first and the shelf,
      // now holding stock, could not be deleted.
      expect([
        [204, 400],
        [409, 201],
      ]).toContainEqual([removed.statusCode, moved.statusCode]);
      if (moved.statusCode === 400) {
        expect(errorCode(moved)).toBe("VALIDATION_FAILED");
      }
    }
    const orphans = await count(
      ctx,
      "stock_balances b",
      sql`not exists (select 1 from locations l where l.id = b.location_id and l.archived_at is null)`,
    );
    expect(orphans, outcomes.join(", ")).toBe(0);
  });
});
