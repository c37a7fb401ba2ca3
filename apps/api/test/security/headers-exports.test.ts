import { REPORT_TYPES } from "@wms/domain";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
} from "../factories/stock.ts";
import { createUser, DEFAULT_PASSWORD, sessionCookieFor, signedInAs } from "../factories/users.ts";
import { errorCode, request, sessionCookieFrom } from "../http.ts";
import { createFixture } from "./routes.ts";
import { changesNothing, count } from "./state.ts";

/**
 * Headers and exports (X33, X34, X37, X39, X44) and idempotency keys (X40-X42). Every CSV the API
 * writes goes through packages/domain csv.ts; these tests feed it hostile text through the API.
 */
const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const f = await createFixture(ctx);

afterEach(() => expectLedgerConsistent(ctx));

const FORMULA_UA = '=HYPERLINK("https://example.com/","click")';
const FORMULAS = ["=cmd|' /C calc'!A0", "+1+1", "-1+1 widgets", "@SUM(1+1)", '=1+2";=1+2'];

/**
 * Every CSV the API writes, as an admin: each report (single-item-summary needs an item and a month),
 * the sample upload file and the audit log.
 */
async function allExportCsvs(cookie: string, itemId: number) {
  const bodies: Array<{ type: string; body: string; disposition: string }> = [];
  for (const type of REPORT_TYPES) {
    const query =
      type === "single-item-summary" ? `itemId=${itemId}&month=2026-01` : "start=2020-01-01&end=2026-12-31";
    const response = await request(ctx.app, "GET", `/api/reports/${type}/csv?${query}`, { cookie });
    expect(response.statusCode, `${type}: ${response.body}`).toBe(200);
    bodies.push({ type, body: response.body, disposition: String(response.headers["content-disposition"]) });
  }
  for (const [type, url] of [
    ["sample", "/api/imports/sample.csv"],
    ["audit", "/api/audit/csv"],
  ] as const) {
    const response = await request(ctx.app, "GET", url, { cookie });
    expect(response.statusCode, `${type}: ${response.body}`).toBe(200);
    bodies.push({ type, body: response.body, disposition: String(response.headers["content-disposition"]) });
  }
  return bodies;
}

/** No cell of a CSV starts with a formula trigger (cells are all quoted: a trigger follows a quote). */
function formulaCells(csv: string): string[] {
  return csv.match(/(?:^|,)"(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?"))[^"]*/gm) ?? [];
}

describe("formula injection through every export (X33, X44)", () => {
  it("neutralises formulas typed into items, warehouses, movements and purchases in every report", async () => {
    const { user, cookie } = await signedInAs(ctx, { role: "admin", name: '=HYPERLINK("x","admin")' });
    const warehouse = await createTestWarehouse(ctx, { name: "+WH", location: "@Dubai" });
    const shelf = await positionId(ctx, warehouse.id, "A", "01");
    const item = await createTestItem(ctx, { itemNo: "=IT-1", name: FORMULAS[0], description: FORMULAS[3] });
    const purchase = await request(ctx.app, "POST", "/api/purchases", {
      cookie,
      body: {
        invoiceNumber: "=INV",
        date: "2026-01-10",
        supplierName: FORMULAS[1],
        notes: FORMULAS[4],
        lines: [{ itemId: item.id, unitPrice: "2", allocations: [{ locationId: shelf, quantity: "5" }] }],
      },
      headers: { "user-agent": FORMULA_UA },
    });
    expect(purchase.statusCode, purchase.body).toBe(201);
    const moved = await request(ctx.app, "POST", "/api/movements", {
      cookie,
      body: {
        type: "dispatched",
        itemId: item.id,
        quantity: "1",
        fromLocationId: shelf,
        managedBy: user.id,
        reason: FORMULAS[2],
      },
      headers: { "user-agent": FORMULA_UA },
    });
    expect(moved.statusCode).toBe(201);

    const exports = await allExportCsvs(cookie, item.id);
    const all = exports.map((e) => e.body).join("\n");
    // The hostile texts did reach the exports, each behind an apostrophe.
    expect(all).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(all).toContain(`"'-1+1 widgets"`);
    // The audit log's "Who" carries the admin's name, neutralised like any report cell.
    const audit = exports.find((e) => e.type === "audit")?.body ?? "";
    expect(audit).toContain(`"'=HYPERLINK(""x"",""admin"")"`);
    for (const { type, body } of exports) {
      expect(formulaCells(body), type).toEqual([]);
      expect(body, type).not.toContain(FORMULA_UA);
    }
  });

  it("never writes the User-Agent into anything exported; it is kept only with the session", async () => {
    const staff = await createUser(ctx);
    const signedIn = await request(ctx.app, "POST", "/api/auth/login", {
      body: { portal: "staff", email: staff.email, password: DEFAULT_PASSWORD },
      headers: { "user-agent": FORMULA_UA },
    });
    expect(signedIn.statusCode).toBe(200);
    const stored = await count(ctx, "sessions", sql`user_agent = ${FORMULA_UA}`);
    expect(stored).toBe(1);
    // Nor is it audited, so the audit log's export (checked below with the others) cannot carry it.
    expect(
      await count(
        ctx,
        "audit_log",
        sql`coalesce(after::text, '') || coalesce(before::text, '') like '%HYPERLINK("https%'`,
      ),
    ).toBe(0);
    const staffCookie = sessionCookieFrom(signedIn);
    for (const { type, body } of await allExportCsvs(f.adminCookie, f.itemId)) {
      expect(body, type).not.toContain('HYPERLINK("https');
    }
    const dashboard = await request(ctx.app, "GET", "/api/dashboard", { cookie: staffCookie });
    expect(dashboard.body).not.toContain("example.com/");
  });
});

describe("export file names (X39)", () => {
  it("names every export on the server, whatever the warehouse and item names hold", async () => {
    await createTestWarehouse(ctx, { name: 'a"; filename=evil.html' });
    await createTestItem(ctx, { name: "../../etc/passwd", itemNo: 'x"; filename=evil.html' });
    for (const { type, disposition } of await allExportCsvs(f.adminCookie, f.itemId)) {
      expect(disposition, type).toMatch(/^attachment; filename="[A-Za-z0-9_.-]+\.csv"$/);
      expect(disposition, type).not.toMatch(/evil|passwd|\.\./);
    }
  });
});

describe("the Host header (X34)", () => {
  it("never echoes a forged Host into an answer or a redirect", async () => {
    for (const [method, url] of [
      ["GET", "/api/app-info"],
      ["GET", "/api/docs"],
      ["GET", "/api/session"],
      ["GET", "/api/no-such-route"],
      ["POST", "/api/auth/login"],
    ] as const) {
      const response = await request(ctx.app, method, url, {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
        ...(method === "POST" ? { body: { portal: "staff", email: "a@example.com", password: "x" } } : {}),
      });
      expect(response.body, url).not.toContain("evil.example");
      expect(response.headers.location, url).toBeUndefined();
    }
  });

  it("checks Origin against PUBLIC_URL, not the Host header, when PUBLIC_URL is set", async () => {
    const configured = await createTestContext({ PUBLIC_URL: "https://wms.example.com" });
    const admin = await createUser(configured, { role: "admin" });
    const cookie = await sessionCookieFor(configured, admin.id);
    // Origin and Host agree (as on a DNS-rebinding page), but neither is the configured origin.
    const response = await changesNothing(configured, () =>
      request(configured.app, "POST", "/api/warehouses", {
        cookie,
        body: { name: "FORGED", location: "x" },
        headers: { host: "evil.example", origin: "http://evil.example" },
      }),
    );
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe("CSRF_REJECTED");
  });
});

describe("state changes by GET (X37)", () => {
  it.each([
    ["GET", `/api/movements/MOVEMENT/delete`],
    ["GET", "/api/auth/logout"],
    ["GET", "/api/staff/STAFF/delete"],
    ["GET", "/api/items/ITEM/delete"],
    ["GET", "/api/warehouses/WAREHOUSE/delete"],
    ["GET", "/api/purchases"],
    ["GET", "/api/imports/commit"],
    ["GET", "/api/auth/password"],
  ])("%s %s answers 404 and changes nothing", async (method, template) => {
    const url = template
      .replace("MOVEMENT", String(f.movementId))
      .replace("STAFF", String(f.staff.id))
      .replace("ITEM", String(f.itemId))
      .replace("WAREHOUSE", String(f.warehouseId));
    const response = await changesNothing(ctx, () =>
      request(ctx.app, method as "GET", url, { cookie: f.adminCookie }),
    );
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe("NOT_FOUND");
  });

  it("honours no method-override header: a POST stays a POST", async () => {
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "POST", `/api/movements/${f.movementId}`, {
        cookie: f.adminCookie,
        body: {},
        headers: { "x-http-method-override": "DELETE", "x-method-override": "DELETE" },
      }),
    );
    expect(response.statusCode).toBe(404);
    const session = await request(ctx.app, "GET", "/api/session", { cookie: f.adminCookie });
    expect(session.json().user.id).toBe(f.admin.id);
  });
});

describe("idempotency keys (X40-X42)", () => {
  function receipt(itemId: number) {
    return {
      type: "received",
      itemId,
      quantity: "2",
      toLocationId: f.a02,
      managedBy: f.staff.id,
      reason: "idempotent",
    };
  }

  it.each([
    ["300 characters", "k".repeat(300)],
    ["129 characters", "k".repeat(129)],
    ["7 characters", "short-7"],
    ["SQL", "' OR 1=1--"],
    ["a path", "../../etc/passwd"],
    ["spaces", "key with spaces"],
    ["unicode", "ключ-идемпотентности"],
  ])("refuses a key of %s with 400 and stores nothing (X42)", async (_case, key) => {
    const item = await createTestItem(ctx);
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/movements", {
        cookie: f.staffCookie,
        body: receipt(item.id),
        headers: { "idempotency-key": key },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("VALIDATION_FAILED");
  });

  it("executes a key sent 10 times at once exactly once; every answer is that movement (X41)", async () => {
    const item = await createTestItem(ctx);
    const headers = { "idempotency-key": `burst-${item.id}-0123456789` };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(ctx.app, "POST", "/api/movements", {
          cookie: f.staffCookie,
          body: receipt(item.id),
          headers,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(await count(ctx, "stock_movements", sql`item_id = ${item.id}`)).toBe(1);
  });

  it("does not replay one admin's purchase to another admin sending the same key (X42)", async () => {
    const { cookie: other } = await signedInAs(ctx, { role: "admin" });
    const item = await createTestItem(ctx);
    const body = {
      invoiceNumber: `CROSS-${item.id}`,
      date: "2026-01-12",
      supplierName: "Cross Supplier",
      notes: "",
      lines: [{ itemId: item.id, unitPrice: "1", allocations: [{ locationId: f.a02, quantity: "1" }] }],
    };
    const headers = { "idempotency-key": `cross-user-${item.id}-key` };
    const first = await request(ctx.app, "POST", "/api/purchases", { cookie: f.adminCookie, body, headers });
    expect(first.statusCode).toBe(201);
    const second = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/purchases", { cookie: other, body, headers }),
    );
    // A new operation for the second admin, which the duplicate-invoice rule refuses; never the replay.
    expect(second.statusCode).toBe(409);
    expect(errorCode(second)).toBe("PURCHASE_DUPLICATE");
    expect(second.body).not.toContain(String(first.json().id));
  });

  it("refuses the same key with another body (X40) and keeps the first answer", async () => {
    const item = await createTestItem(ctx);
    const headers = { "idempotency-key": `changed-body-${item.id}` };
    const first = await request(ctx.app, "POST", "/api/movements", {
      cookie: f.staffCookie,
      body: receipt(item.id),
      headers,
    });
    expect(first.statusCode).toBe(201);
    const changed = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/movements", {
        cookie: f.staffCookie,
        body: { ...receipt(item.id), quantity: "200" },
        headers,
      }),
    );
    expect(changed.statusCode).toBe(422);
    const again = await request(ctx.app, "POST", "/api/movements", {
      cookie: f.staffCookie,
      body: receipt(item.id),
      headers,
    });
    expect(again.json().id).toBe(first.json().id);
  });
});
