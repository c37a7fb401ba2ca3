import { describe, expect, it } from "vitest";
import { createTestContext } from "../context.ts";
import { createTestItem, expectLedgerConsistent } from "../factories/stock.ts";
import { createUser } from "../factories/users.ts";
import { request } from "../http.ts";
import { createFixture } from "./routes.ts";
import { changesNothing } from "./state.ts";

/**
 * Query strings and lookups (X15, X16, X18): filters and sorts are allowlisted by strict zod query
 * schemas, so an unknown or injected parameter is a 400; text searches are parameters, never SQL, and
 * match their wildcards literally; lookups hand staff only names.
 */
const ctx = await createTestContext();
const f = await createFixture(ctx);
const bystander = await createUser(ctx, { role: "staff", email: "bystander.secret@example.com" });

const INJECTIONS = [
  "filter[createdBy__passwordHash__startswith]=$argon",
  "sort=password_hash",
  "orderBy=(SELECT%20password_hash%20FROM%20users%20LIMIT%201)",
  "page=(SELECT%201)",
  "page=1;DROP%20TABLE%20users",
  "page=-1",
  "page=1e9",
  "itemId=1%20OR%201=1",
  "type='%20OR%201=1--",
  "from=2026-01-01'%20OR%20'1'='1",
  "lowStock=1",
  "__proto__[isAdmin]=true",
  "constructor[prototype][isAdmin]=true",
];

/** The list routes that take filters, each with the parameters it documents. */
const FILTERED_LISTS = [
  "/api/items",
  "/api/movements",
  "/api/locations",
  "/api/reports/movement-history",
  "/api/reports/item-stock",
  "/api/reports/movement-history/csv",
  "/api/audit",
  "/api/audit/csv",
  `/api/warehouses/${f.warehouseId}/matching-positions`,
];

describe("filter and sort injection (X15)", () => {
  // lowStock, type and from are real filters of some of these lists: their bad values are refused too.
  const cases = FILTERED_LISTS.flatMap((url) => INJECTIONS.map((query) => [url, query] as const));
  it.each(cases)("GET %s?%s is refused with 400 and changes nothing", async (url, query) => {
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "GET", `${url}?${query}`, { cookie: f.adminCookie }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).not.toMatch(/password_hash|SELECT|syntax/i);
  });

  /** The audit log's own filters are names and ids: SQL in any of them is refused, never run. */
  it.each([
    "entity='%20OR%201=1--",
    "action=create;DROP%20TABLE%20audit_log",
    "entity=USER",
    "action=(SELECT%201)",
    "actorId=1%20OR%201=1",
    "actorId=0",
    "to=2026-13-01",
  ])("GET /api/audit and /api/audit/csv refuse %s with 400", async (query) => {
    for (const url of ["/api/audit", "/api/audit/csv"]) {
      const response = await changesNothing(ctx, () =>
        request(ctx.app, "GET", `${url}?${query}`, { cookie: f.adminCookie }),
      );
      expect(response.statusCode, `${url}?${query}`).toBe(400);
      expect(response.body).not.toMatch(/audit_log|SELECT|syntax/i);
    }
  });

  /** Lists without filters take no query string at all: anything sent is ignored, never interpreted. */
  const UNFILTERED = [
    "/api/staff",
    "/api/admins",
    "/api/warehouses",
    "/api/people",
    "/api/movements/latest",
    `/api/items/${f.itemId}/history`,
    `/api/warehouses/${f.warehouseId}/grid`,
    `/api/warehouses/${f.warehouseId}/inventory`,
    `/api/locations/${f.a01}/items`,
  ];
  it.each(UNFILTERED)("GET %s ignores injected parameters: the same answer as without them", async (url) => {
    const plain = await request(ctx.app, "GET", url, { cookie: f.adminCookie });
    expect(plain.statusCode).toBe(200);
    for (const query of INJECTIONS) {
      const injected = await changesNothing(ctx, () =>
        request(ctx.app, "GET", `${url}?${query}`, { cookie: f.adminCookie }),
      );
      expect(injected.statusCode).toBe(200);
      expect(injected.json()).toEqual(plain.json());
    }
  });

  it("treats SQL and LIKE wildcards in a search as literal text", async () => {
    const percent = await createTestItem(ctx, { name: "Cotton 100% pure" });
    const underscore = await createTestItem(ctx, { name: "snake_case widget" });
    const search = async (text: string) => {
      const response = await request(ctx.app, "GET", `/api/items?search=${encodeURIComponent(text)}`, {
        cookie: f.adminCookie,
      });
      expect(response.statusCode).toBe(200);
      return (response.json().items as Array<{ id: number }>).map((item) => item.id);
    };
    expect(await search("%")).toEqual([percent.id]);
    expect(await search("_")).toEqual([underscore.id]);
    expect(await search("' OR 1=1--")).toEqual([]);
    expect(await search("\\")).toEqual([]);
    const matching = await request(
      ctx.app,
      "GET",
      `/api/warehouses/${f.warehouseId}/matching-positions?q=${encodeURIComponent("' OR '1'='1")}`,
      { cookie: f.adminCookie },
    );
    expect(matching.statusCode).toBe(200);
    expect(matching.json().locationIds).toEqual([]);
    for (const [url, list] of [
      ["/api/movements", "movements"],
      ["/api/locations", "locations"],
      ["/api/audit", "entries"],
    ] as const) {
      const response = await request(ctx.app, "GET", `${url}?search=${encodeURIComponent("' OR '1'='1")}`, {
        cookie: f.adminCookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()[list]).toEqual([]);
    }
    const auditCsv = await request(ctx.app, "GET", `/api/audit/csv?search=${encodeURIComponent("%")}`, {
      cookie: f.adminCookie,
    });
    expect(auditCsv.statusCode).toBe(200);
    // Only the entry of the item whose name holds a "%": the wildcard matched itself, not everything.
    const auditRows = auditCsv.body
      .split("\r\n")
      .filter((line) => line !== "")
      .slice(1);
    expect(auditRows).toHaveLength(1);
    expect(auditRows[0]).toContain("Cotton 100% pure");
    await expectLedgerConsistent(ctx);
  });
});

describe("lookups (X16)", () => {
  it("refuses a visitor on every lookup", async () => {
    for (const url of ["/api/people", "/api/locations", "/api/items", "/api/warehouses", "/api/movements"]) {
      expect((await request(ctx.app, "GET", url)).statusCode).toBe(401);
    }
  });

  it("gives staff people as id, name and role only: no emails, hashes or sign-in times", async () => {
    const response = await request(ctx.app, "GET", "/api/people", { cookie: f.staffCookie });
    expect(response.statusCode).toBe(200);
    const people = response.json().people as Array<Record<string, unknown>>;
    expect(people.length).toBeGreaterThanOrEqual(3);
    for (const person of people) {
      expect(Object.keys(person).sort()).toEqual(["id", "name", "role"]);
    }
    expect(response.body).not.toContain("@");
  });

  it("shows no other account's email or any hash on any route staff may read", async () => {
    const reads = ctx.app.routeAccessTable.filter(
      (route) => route.method === "GET" && route.access === "user" && !route.stream,
    );
    expect(reads.length).toBeGreaterThanOrEqual(8);
    for (const route of reads) {
      const ids: Record<string, number> = {
        warehouses: f.warehouseId,
        movements: f.movementId,
        items: f.itemId,
        locations: f.a01,
      };
      // A route that needs a query gets the plainest one it accepts.
      const queries: Record<string, string> = { "/api/warehouses/:id/matching-positions": "?q=a" };
      const url =
        route.url.replace(":id", String(ids[route.url.split("/")[2] ?? ""])) + (queries[route.url] ?? "");
      const response = await request(ctx.app, "GET", url, { cookie: f.staffCookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(bystander.email);
      expect(response.body, url).not.toContain(f.admin.email);
      expect(response.body, url).not.toMatch(/argon2|password/i);
    }
  });
});

describe("duplicate parameters and keys (X18)", () => {
  it.each([
    ["/api/movements?itemId=1&itemId=2"],
    ["/api/items?search=a&search=b"],
    ["/api/items?page=1&page=2"],
    ["/api/movements?type=received&type=moved"],
    ["/api/locations?warehouseId=1&warehouseId=2"],
    ["/api/audit?entity=item&entity=user"],
    ["/api/audit/csv?actorId=1&actorId=2"],
  ])("GET %s: a repeated query parameter is refused with 400", async (url) => {
    const response = await request(ctx.app, "GET", url, { cookie: f.adminCookie });
    expect(response.statusCode).toBe(400);
  });

  it("reads a JSON body with a repeated key by its last occurrence, consistently (the documented rule)", async () => {
    const item = await createTestItem(ctx, { unit: "pieces" });
    const body = `{"type":"received","itemId":${item.id},"quantity":"1","toLocationId":${f.a02},"managedBy":${f.staff.id},"reason":"dup","quantity":"7"}`;
    const response = await request(ctx.app, "POST", "/api/movements", {
      cookie: f.staffCookie,
      body,
      headers: { "content-type": "application/json", "idempotency-key": `dup-keys-${item.id}` },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().quantity).toBe("7");
    // The idempotency fingerprint is of the parsed body, so the same request without the shadowed key
    // is a replay of it, not a second movement.
    const replay = await request(ctx.app, "POST", "/api/movements", {
      cookie: f.staffCookie,
      body: {
        type: "received",
        itemId: item.id,
        quantity: "7",
        toLocationId: f.a02,
        managedBy: f.staff.id,
        reason: "dup",
      },
      headers: { "idempotency-key": `dup-keys-${item.id}` },
    });
    expect(replay.json().id).toBe(response.json().id);
    await expectLedgerConsistent(ctx);
  });
});
