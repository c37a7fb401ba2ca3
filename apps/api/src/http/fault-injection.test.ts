import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { createTestItem, createTestWarehouse, positionId, receive } from "../../test/factories/stock.ts";
import { signedInAs } from "../../test/factories/users.ts";
import { request } from "../../test/http.ts";
import { FAULT_HEADER } from "./fault-injection.ts";

/**
 * The fault runs' `slow-writes` hook (fault-injection.ts) delays a request's writes. It must delay, not
 * reorder: a statement sent after a delayed one waits for it. Recorded here is the order in which the
 * statements reach pg beneath the hook, which wraps pg's query once, when the app is built below.
 */
const handed: string[] = [];
const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  handed.push(typeof first === "string" ? first : (first?.text ?? ""));
  return pgQuery.apply(this, args);
} as unknown as typeof pg.Client.prototype.query;

const ctx = await createTestContext({ WMS_FAULT_INJECTION: "1" });
const { user, cookie } = await signedInAs(ctx, { role: "admin" });

describe("the slow-writes fault", () => {
  it("hands a movement's COMMIT to pg after its delayed write, not before", async () => {
    const warehouse = await createTestWarehouse(ctx, { name: "SLOW", maxShelves: 2, sectionsPerShelf: 1 });
    const [a01, b01] = [
      await positionId(ctx, warehouse.id, "A", "01"),
      await positionId(ctx, warehouse.id, "B", "01"),
    ];
    const tea = await createTestItem(ctx, { name: "Slow tea", unit: "pieces" });
    await receive(ctx, tea.id, a01, "5");

    handed.length = 0;
    const response = await request(ctx.app, "POST", "/api/movements", {
      cookie,
      body: {
        type: "moved",
        itemId: tea.id,
        quantity: "1",
        fromLocationId: a01,
        toLocationId: b01,
        managedBy: user.id,
        reason: "slow",
      },
      headers: { [FAULT_HEADER]: "slow-writes=30" },
    });
    expect(response.statusCode).toBe(201);
    const write = handed.findIndex((text) => /\binsert into stock_movements\b/i.test(text));
    const commit = handed.findIndex((text) => /^\s*commit\s*$/i.test(text));
    expect(write, handed.join("\n---\n")).toBeGreaterThan(-1);
    expect(commit).toBeGreaterThan(write);
  });
});
