import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../src/lib/passwords.ts";
import { MAX_FAILURES_PER_ACCOUNT } from "../../src/modules/auth/sign-in-limits.ts";
import { createTestContext } from "../context.ts";
import { createTestWarehouse } from "../factories/stock.ts";
import { createUser, DEFAULT_PASSWORD, sessionCookieFor, signedInAs } from "../factories/users.ts";
import { errorCode, request, sessionCookieFrom } from "../http.ts";
import { changesNothing, count } from "./state.ts";

/**
 * Bad inputs at sign-in and against sessions (reliability checklist section 12, X1-X10, X38). TRUST_PROXY
 * is on here so a forged X-Forwarded-For really changes the client address the limits see.
 */
const ctx = await createTestContext({ TRUST_PROXY: "true" });

function login(body: unknown, headers: Record<string, string> = {}) {
  return request(ctx.app, "POST", "/api/auth/login", { body, headers });
}

describe("passwords of every length (X2, X3)", () => {
  it("accepts 64- and 128-character passwords, emoji and spaces exactly as typed", async () => {
    for (const password of ["p".repeat(64), "q".repeat(128), "  spaced 🔑 pass  "]) {
      const user = await createUser(ctx, { password });
      const ok = await login({ portal: "staff", email: user.email, password });
      expect(ok.statusCode).toBe(200);
      const trimmed = await login({ portal: "staff", email: user.email, password: password.trim() });
      if (password !== password.trim()) {
        expect(trimmed.statusCode).toBe(401);
      }
    }
  });

  it("refuses a 1 MB password at once, before any hashing, and records nothing", async () => {
    const user = await createUser(ctx);
    // Just inside the 1 MB body limit: the schema's 256-character bound answers, not the body limit.
    const huge = "x".repeat(1_000_000);
    const started = performance.now();
    const response = await changesNothing(ctx, () =>
      login({ portal: "staff", email: user.email, password: huge }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields.password).toBe("Password must be at most 256 characters");
    // One argon2id hash takes ~20 ms at 19 MiB; refusing must not cost one. Generous for slow CI.
    expect(performance.now() - started).toBeLessThan(1_000);
    // changesNothing: not even a failed sign-in was counted, so the password check was never reached.

    const overBodyLimit = await login({
      portal: "staff",
      email: user.email,
      password: "y".repeat(1_100_000),
    });
    expect(overBodyLimit.statusCode).toBe(413);
    const newPassword = await request(ctx.app, "POST", "/api/auth/password", {
      cookie: await sessionCookieFor(ctx, user.id),
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: "z".repeat(257) },
    });
    expect(newPassword.statusCode).toBe(400);
  });

  it("does not truncate: a password sharing the first 72 bytes (and 200 characters) does not verify", async () => {
    const prefix = "A".repeat(200);
    const user = await createUser(ctx, { password: `${prefix}-first` });
    expect(
      (await login({ portal: "staff", email: user.email, password: `${prefix}-first` })).statusCode,
    ).toBe(200);
    const other = await login({ portal: "staff", email: user.email, password: `${prefix}-other` });
    expect(other.statusCode).toBe(401);
    // Multi-byte: 72 bytes is 18 four-byte emoji; the 19th differs.
    const emoji = "🔑".repeat(18);
    const second = await createUser(ctx, { password: `${emoji}🗝️` });
    expect((await login({ portal: "staff", email: second.email, password: `${emoji}🔒` })).statusCode).toBe(
      401,
    );
  });

  it("hashes a 256-character password (the longest allowed) without error", async () => {
    expect(await hashPassword("w".repeat(256))).toMatch(/^\$argon2id\$/);
  });
});

describe("operator and type-confusion payloads (X4)", () => {
  it.each([
    [
      "a $ne operator object for both fields",
      { portal: "admin", email: { $ne: null }, password: { $ne: null } },
    ],
    ["a $gt operator for the password", { portal: "staff", email: "a@example.com", password: { $gt: "" } }],
    ["arrays", { portal: ["admin"], email: ["a@example.com"], password: ["x", "y"] }],
    ["a number password", { portal: "staff", email: "a@example.com", password: 12345678 }],
    ["a boolean password", { portal: "staff", email: "a@example.com", password: true }],
    ["null fields", { portal: null, email: null, password: null }],
    ["a role in the body", { portal: "staff", email: "a@example.com", password: "whatever1", role: "admin" }],
  ])("answers %s with a 400 schema error and no session", async (_case, body) => {
    const response = await changesNothing(ctx, () => login(body));
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("VALIDATION_FAILED");
    expect(response.cookies).toHaveLength(0);
  });

  it("refuses operator objects in the admin credentials of a sensitive action", async () => {
    const { cookie } = await signedInAs(ctx, { role: "admin" });
    const warehouse = await createTestWarehouse(ctx);
    const response = await changesNothing(ctx, () =>
      request(ctx.app, "DELETE", `/api/warehouses/${warehouse.id}`, {
        cookie,
        body: { credentials: { email: { $ne: null }, password: { $ne: null } } },
      }),
    );
    expect(response.statusCode).toBe(400);
  });
});

describe("sessions (X6, X7)", () => {
  it("ignores a cookie the attacker chose before sign-in: it never becomes a session", async () => {
    const staff = await createUser(ctx);
    const planted = `wms_session=${"A".repeat(43)}`;
    const response = await login(
      { portal: "staff", email: staff.email, password: DEFAULT_PASSWORD },
      {
        cookie: planted,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(sessionCookieFrom(response)).not.toBe(planted);
    const replay = await request(ctx.app, "GET", "/api/dashboard", { cookie: planted });
    expect(replay.statusCode).toBe(401);
  });

  it("refuses the cookie of an archived staff member, and of a deleted session, on every kind of route", async () => {
    const { cookie: admin } = await signedInAs(ctx, { role: "admin" });
    const { user, cookie } = await signedInAs(ctx, { role: "staff" });
    expect((await request(ctx.app, "GET", "/api/items", { cookie })).statusCode).toBe(200);
    expect((await request(ctx.app, "DELETE", `/api/staff/${user.id}`, { cookie: admin })).statusCode).toBe(
      204,
    );
    for (const [method, url] of [
      ["GET", "/api/items"],
      ["GET", "/api/session"],
      ["POST", "/api/auth/password"],
      ["POST", "/api/movements"],
    ] as const) {
      const replay = await request(ctx.app, method, url, {
        cookie,
        ...(method === "POST" ? { body: {} } : {}),
      });
      if (url === "/api/session") {
        expect(replay.json()).toEqual({ user: null });
      } else {
        expect(replay.statusCode).toBe(401);
      }
    }
    // Signing in again as the archived account is refused like an unknown email.
    const again = await login({ portal: "staff", email: user.email, password: DEFAULT_PASSWORD });
    expect(again.statusCode).toBe(401);
  });

  it.each([
    ["too short", "abc"],
    ["with SQL", "x' OR '1'='1"],
    ["43 characters of the wrong alphabet", "!".repeat(43)],
    ["a huge value", "a".repeat(4_000)],
  ])("treats a session cookie that is %s as no session", async (_case, value) => {
    const response = await request(ctx.app, "GET", "/api/items", { cookie: `wms_session=${value}` });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe("UNAUTHENTICATED");
  });
});

describe("brute force (X5, X8)", () => {
  it("evaluates at most the account's allowance however the forwarded address rotates, then answers 429", async () => {
    const staff = await createUser(ctx);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const response = await login(
        { portal: attempt % 2 === 0 ? "staff" : "admin", email: staff.email, password: `guess-${attempt}` },
        { "x-forwarded-for": `198.51.100.${attempt % 250}` },
      );
      statuses.push(response.statusCode);
    }
    const evaluated = statuses.filter((status) => status === 401).length;
    expect(evaluated).toBe(MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.slice(MAX_FAILURES_PER_ACCOUNT).every((status) => status === 429)).toBe(true);
    // Even the right password is refused while the account is locked; the lock is soft and ends.
    const locked = await login({ portal: "staff", email: staff.email, password: DEFAULT_PASSWORD });
    expect(locked.statusCode).toBe(429);
    ctx.clock.advance(16 * 60_000);
    const after = await login({ portal: "staff", email: staff.email, password: DEFAULT_PASSWORD });
    expect(after.statusCode).toBe(200);
  });

  it("counts the email however it is cased or padded as the same account", async () => {
    const staff = await createUser(ctx);
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
      const spelled = attempt % 2 === 0 ? staff.email.toUpperCase() : `  ${staff.email} `;
      await login({ portal: "staff", email: spelled, password: `guess-${attempt}` });
    }
    const blocked = await login({ portal: "staff", email: staff.email, password: DEFAULT_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    ctx.clock.advance(16 * 60_000);
  });
});

describe("re-authentication and privilege (X9, X10)", () => {
  it("refuses a staff session that presents an admin's valid credentials, and it stays staff", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    const { cookie } = await signedInAs(ctx, { role: "staff" });
    const warehouse = await createTestWarehouse(ctx);
    const credentials = { email: admin.email, password: DEFAULT_PASSWORD };
    const verify = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/auth/verify-admin", { cookie, body: credentials }),
    );
    expect(verify.statusCode).toBe(403);
    expect(errorCode(verify)).toBe("FORBIDDEN");
    const remove = await changesNothing(ctx, () =>
      request(ctx.app, "DELETE", `/api/warehouses/${warehouse.id}`, { cookie, body: { credentials } }),
    );
    expect(remove.statusCode).toBe(403);
    const session = await request(ctx.app, "GET", "/api/session", { cookie });
    expect(session.json().user.role).toBe("staff");
    expect((await request(ctx.app, "GET", "/api/staff", { cookie })).statusCode).toBe(403);
  });

  it("refuses a sensitive action with no credentials, or a staff member's, and deletes nothing", async () => {
    const { cookie } = await signedInAs(ctx, { role: "admin" });
    const staff = await createUser(ctx);
    const warehouse = await createTestWarehouse(ctx);
    const missing = await changesNothing(ctx, () =>
      request(ctx.app, "DELETE", `/api/warehouses/${warehouse.id}`, { cookie }),
    );
    expect(missing.statusCode).toBe(400);
    const empty = await changesNothing(ctx, () =>
      request(ctx.app, "DELETE", `/api/warehouses/${warehouse.id}`, { cookie, body: {} }),
    );
    expect(empty.statusCode).toBe(400);
    const staffCredentials = await request(ctx.app, "DELETE", `/api/warehouses/${warehouse.id}`, {
      cookie,
      body: { credentials: { email: staff.email, password: DEFAULT_PASSWORD } },
    });
    expect(staffCredentials.statusCode).toBe(403);
    expect(errorCode(staffCredentials)).toBe("ADMIN_REAUTH_FAILED");
    expect(await count(ctx, "warehouses", sql`id = ${warehouse.id} and archived_at is null`)).toBe(1);
  });
});

describe("log injection (X38)", () => {
  it("refuses an email carrying CR/LF and a forged log line, without counting a failure", async () => {
    const response = await changesNothing(ctx, () =>
      login({
        portal: "admin",
        email: "x\r\n2026-01-01 INFO login ok user=root@example.com",
        password: "pw",
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields.email).toBe("Enter a valid email address");
    // Names may not carry line breaks either, so none can reach a log or a CSV line raw.
    const { cookie } = await signedInAs(ctx, { role: "admin" });
    const name = await changesNothing(ctx, () =>
      request(ctx.app, "POST", "/api/warehouses", {
        cookie,
        body: { name: "W\r\nINFO forged", location: "Dubai" },
      }),
    );
    expect(name.statusCode).toBe(400);
  });
});
