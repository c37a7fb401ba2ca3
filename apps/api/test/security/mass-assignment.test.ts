import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../context.ts";
import { expectLedgerConsistent } from "../factories/stock.ts";
import { errorCode, request } from "../http.ts";
import { createFixture, send, withField, writeRoutes } from "./routes.ts";
import { changesNothing } from "./state.ts";

/**
 * Mass assignment and prototype pollution (X11-X14) on every route that reads a JSON body: every body
 * is a strict object, so an owner, role or id field is refused (400) and nothing is stored; the session,
 * never the body, decides who acts.
 */
const ctx = await createTestContext();
const f = await createFixture(ctx);

afterEach(() => expectLedgerConsistent(ctx));

const routeNames = writeRoutes(f).map((route) => [`${route.method} ${route.url}`, route.url] as const);
const routeFor = (method: string, url: string) => {
  const route = writeRoutes(f).find((candidate) => `${candidate.method} ${candidate.url}` === method);
  if (!route || route.url !== url) {
    throw new Error(`no route ${method}`);
  }
  return route;
};

const OWNER_FIELDS: Array<[string, unknown]> = [
  ["role", "admin"],
  ["id", 1],
  ["createdBy", 1],
  ["userId", 1],
  ["isAdmin", true],
  ["passwordHash", "$argon2id$v=19$m=19456,t=2,p=1$forged"],
];

describe("the route list", () => {
  it("holds every route whose schema reads a JSON body, so each one gets the hostile bodies below", () => {
    const withBody = ctx.app.routeAccessTable
      .filter((route) => route.body)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const listed = writeRoutes(f)
      .map(
        (route) =>
          `${route.method} ${route.url.replace(/\/\d+(?=\/|$)/g, "/:id").replace(/\/COLD$/, "/:name")}`,
      )
      .sort();
    expect(withBody.length).toBeGreaterThanOrEqual(18);
    expect(listed).toEqual(withBody);
  });
});

describe("owner and role fields in bodies (X11, X12, X13)", () => {
  it.each(routeNames)("%s refuses every owner, role and id field and stores nothing", async (name, url) => {
    for (const [field, value] of OWNER_FIELDS) {
      const route = routeFor(name, url);
      const response = await changesNothing(ctx, () => send(ctx, route, { ...route.body, [field]: value }));
      expect(response.statusCode, `${name} with ${field}`).toBe(400);
      expect(response.json().error.details.fields[field]).toBe("Unknown field");
    }
  });

  it("refuses owner fields nested inside lines, allocations and credentials", async () => {
    const purchase = routeFor("POST /api/purchases", "/api/purchases");
    const lines = purchase.body.lines as Array<Record<string, unknown>>;
    for (const body of [
      { ...purchase.body, lines: [{ ...lines[0], createdBy: f.admin.id }] },
      {
        ...purchase.body,
        lines: [{ ...lines[0], allocations: [{ locationId: f.a01, quantity: "1", userId: f.admin.id }] }],
      },
    ]) {
      const response = await changesNothing(ctx, () => send(ctx, purchase, body));
      expect(response.statusCode).toBe(400);
    }
    const edit = routeFor(`PUT /api/warehouses/${f.warehouseId}`, `/api/warehouses/${f.warehouseId}`);
    const nested = await changesNothing(ctx, () =>
      send(ctx, edit, withField(edit.body, "credentials.role", "admin")),
    );
    expect(nested.statusCode).toBe(400);
  });

  it("a staff member cannot create accounts, grant a role or reset a password (X11)", async () => {
    for (const [url, body] of [
      [
        "/api/staff",
        { name: "Mallory", email: "mallory@example.com", password: "long enough 1", role: "admin" },
      ],
      ["/api/admins", { name: "Mallory", email: "mallory2@example.com", password: "long enough 1" }],
      [`/api/staff/${f.staff.id}/password`, { password: "attacker chosen" }],
    ] as const) {
      const response = await changesNothing(ctx, () =>
        request(ctx.app, "POST", url, { cookie: f.staffCookie, body }),
      );
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe("FORBIDDEN");
    }
    // There is no self-edit endpoint but the password change: no PATCH /api/me or /api/users/:id.
    for (const [method, url] of [
      ["PATCH", "/api/me"],
      ["PUT", "/api/me"],
      ["PATCH", `/api/users/${f.staff.id}`],
      ["PATCH", `/api/staff/${f.staff.id}`],
      ["PUT", `/api/staff/${f.staff.id}`],
    ] as const) {
      const response = await changesNothing(ctx, () =>
        request(ctx.app, method, url, { cookie: f.staffCookie, body: { role: "admin" } }),
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const session = await request(ctx.app, "GET", "/api/session", { cookie: f.staffCookie });
    expect(session.json().user.role).toBe("staff");
  });

  it("records a movement as the signed-in user whoever the body names as the manager", async () => {
    const response = await request(ctx.app, "POST", "/api/movements", {
      cookie: f.staffCookie,
      body: {
        type: "moved",
        itemId: f.itemId,
        quantity: "1",
        fromLocationId: f.a01,
        toLocationId: f.a02,
        managedBy: f.admin.id,
        reason: "managed by the admin, recorded by staff",
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ createdBy: f.staff.id, managedBy: f.admin.id });
    const row = await ctx.db.execute<{ created_by: number }>(
      sql`select created_by from stock_movements where id = ${response.json().id}`,
    );
    expect(row.rows[0]?.created_by).toBe(f.staff.id);
    const audit = await ctx.db.execute<{ actor_id: number }>(
      sql`select actor_id from audit_log where entity = 'stock_movement' and entity_id = ${String(response.json().id)}`,
    );
    expect(audit.rows.map((r) => r.actor_id)).toEqual([f.staff.id]);
  });
});

describe("prototype pollution (X14)", () => {
  const POISON = [
    ['{"__proto__":{"isAdmin":true,"role":"admin"}', "__proto__"],
    ['{"constructor":{"prototype":{"isAdmin":true,"role":"admin"}}', "constructor.prototype"],
  ] as const;

  it.each(routeNames)("%s refuses __proto__ and constructor.prototype bodies", async (name, url) => {
    const route = routeFor(name, url);
    const valid = JSON.stringify(route.body).slice(1);
    for (const [prefix, label] of POISON) {
      const raw = `${prefix},${valid}`;
      const response = await changesNothing(ctx, () =>
        send(ctx, route, raw, { "content-type": "application/json" }),
      );
      expect(response.statusCode, `${name} with ${label}`).toBe(400);
      expect(errorCode(response)).toBe("VALIDATION_FAILED");
    }
  });

  it("leaves later requests and the process unaffected", async () => {
    const route = routeFor("POST /api/items", "/api/items");
    await send(ctx, route, `{"__proto__":{"isAdmin":true},"itemNo":"P1","name":"P"}`, {
      "content-type": "application/json",
    });
    await send(ctx, route, `{"itemNo":"P2","name":"P","nested":{"__proto__":{"role":"admin"}}}`, {
      "content-type": "application/json",
    });
    const probe: Record<string, unknown> = {};
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.role).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("isAdmin");
    // A staff session is still staff, and an admin route still refuses it.
    expect((await request(ctx.app, "GET", "/api/staff", { cookie: f.staffCookie })).statusCode).toBe(403);
    const item = await request(ctx.app, "POST", "/api/items", {
      cookie: f.adminCookie,
      body: { itemNo: "AFTER-POISON", name: "Clean item" },
    });
    expect(item.statusCode).toBe(201);
    expect(Object.keys(item.json())).not.toContain("isAdmin");
  });
});
