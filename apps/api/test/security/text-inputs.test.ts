import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../context.ts";
import { expectLedgerConsistent } from "../factories/stock.ts";
import { request } from "../http.ts";
import { createFixture, send, type WriteRoute, withField, writeRoutes } from "./routes.ts";
import { changesNothing } from "./state.ts";

/**
 * Text on every route that takes typed text (X28-X32): script payloads and the right-to-left override
 * are stored and returned exactly as typed (escaping is the renderer's job, see e2e/xss.test.ts);
 * a NUL byte and 10,000 characters are refused with 400, never a 500, and nothing is stored.
 */
const ctx = await createTestContext();
const f = await createFixture(ctx);

afterEach(() => expectLedgerConsistent(ctx));

export const SCRIPT_PAYLOADS = [
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  '"><script>alert(1)</script>',
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "[x](javascript:alert(1)) <b>bold</b>",
];

/** The text fields of every route, one case each, with a route builder so each case gets fresh bodies. */
const cases = writeRoutes(f).flatMap((route, index) =>
  route.textFields.map((field) => [`${route.method} ${route.url} ${field}`, index, field] as const),
);
const routeAt = (index: number): WriteRoute => writeRoutes(f)[index] as WriteRoute;

/** Container shelf names are a code (letters, digits, spaces, dashes): markup is refused there by rule. */
const CODE_FIELDS = new Set(["POST /api/warehouses/:id/container-shelves name"]);
const isCodeField = (route: WriteRoute, field: string) =>
  CODE_FIELDS.has(`${route.method} ${route.url.replace(/\/\d+\//, "/:id/")} ${field}`);

/** The value the answer carries for `field`: the last segment of its path. */
function answered(body: Record<string, unknown>, field: string): unknown {
  return body[field.split(".").at(-1) as string];
}

describe("markup and script payloads (X28, X29, X30)", () => {
  it.each(cases.filter(([name]) => !name.includes("/api/setup")))(
    "%s stores script payloads as text and returns them verbatim",
    async (_name, index, field) => {
      for (const payload of SCRIPT_PAYLOADS) {
        const route = routeAt(index);
        // Unique per case: item numbers and warehouse names must not collide with an earlier case's.
        const value = `${payload} ${index}`;
        const response = await send(ctx, route, withField(route.body, field, value));
        if (isCodeField(route, field)) {
          expect(response.statusCode).toBe(400);
          continue;
        }
        expect(response.statusCode, `${payload}: ${response.body}`).toBeLessThan(300);
        expect(answered(response.json(), field)).toBe(value);
      }
    },
  );
});

describe("NUL, oversized and bidirectional text (X32)", () => {
  for (const [name, index, field] of cases) {
    it(`${name} refuses a NUL byte with 400 and stores nothing`, async () => {
      const route = routeAt(index);
      const response = await changesNothing(ctx, () =>
        send(ctx, route, withField(route.body, field, "a\u0000b")),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().error.details?.fields ?? {})).toContain(field);
    });
  }

  it.each(cases)("%s refuses 10,000 characters with 400 and stores nothing", async (_name, index, field) => {
    const route = routeAt(index);
    const response = await changesNothing(ctx, () =>
      send(ctx, route, withField(route.body, field, "x".repeat(10_000))),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.details?.fields ?? {})).toContain(field);
  });

  it.each(cases.filter(([name]) => !name.includes("/api/setup")))(
    "%s stores the right-to-left override exactly as typed",
    async (_name, index, field) => {
      const route = routeAt(index);
      const value = `ABC\u202Etxt.exe${index}`;
      const response = await send(ctx, route, withField(route.body, field, value));
      if (isCodeField(route, field)) {
        expect(response.statusCode).toBe(400);
        return;
      }
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(answered(response.json(), field)).toBe(value);
    },
  );

  it.each([
    ["/api/items?search=a%00b"],
    ["/api/movements?search=a%00b"],
    ["/api/locations?search=a%00b"],
    ["/api/audit?search=a%00b"],
    ["/api/audit/csv?search=a%00b"],
    [`/api/warehouses/${f.warehouseId}/matching-positions?q=a%00b`],
  ])("GET %s answers a NUL in a search with 400, not a 500", async (url) => {
    const response = await changesNothing(ctx, () => request(ctx.app, "GET", url, { cookie: f.adminCookie }));
    expect(response.statusCode, response.body).toBe(400);
  });

  it.each(["preview", "commit"])(
    "POST /api/imports/%s answers a NUL or a line break in the file name with 400, not a 500",
    async (path) => {
      // A file that would be saved: only its name is wrong.
      const csv = `Item Number,Name,Quantity,Warehouse,Shelf,Section\nNUL-${path},Thing,1,${f.warehouseId},A,01\n`;
      for (const name of ["a\u0000b.csv", "a\r\nb.csv", "a\u001bb.csv"]) {
        const response = await changesNothing(ctx, () =>
          request(ctx.app, "POST", `/api/imports/${path}?fileName=${encodeURIComponent(name)}`, {
            cookie: f.adminCookie,
            body: csv,
            headers: {
              "content-type": "text/csv",
              "idempotency-key": `nul-file-name-${path}-${name.length}`,
            },
          }),
        );
        expect(response.statusCode, response.body).toBe(400);
      }
    },
  );

  it("answers a NUL in a container shelf name in the URL with 400 or 404, not a 500", async () => {
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "DELETE", `/api/warehouses/${f.warehouseId}/container-shelves/A%00B`, {
        cookie: f.adminCookie,
        body: { credentials: { email: f.admin.email, password: "correct horse battery" } },
      }),
    );
    expect([400, 404]).toContain(response.statusCode);
  });
});
