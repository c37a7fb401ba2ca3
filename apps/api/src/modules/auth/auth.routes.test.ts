import { MESSAGES } from "@wms/domain";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import { createUser, DEFAULT_PASSWORD, signedInAs } from "../../../test/factories/users.ts";
import { errorCode, request, sessionCookieFrom } from "../../../test/http.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../http/csrf.ts";
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from "./sign-in-limits.ts";

const ctx = await createTestContext({ SESSION_IDLE_MINUTES: "30", SESSION_ABSOLUTE_HOURS: "12" });

function login(
  portal: "admin" | "staff",
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return request(ctx.app, "POST", "/api/auth/login", { body: { portal, email, password }, headers });
}

describe("signing in", () => {
  it("signs an admin in at the admin portal with an httpOnly session cookie", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    const response = await login("admin", admin.email.toUpperCase(), DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: admin.id, role: "admin", mustChangePassword: false });
    const cookie = response.cookies.find((c) => c.name === "wms_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const session = await request(ctx.app, "GET", "/api/session", { cookie: sessionCookieFrom(response) });
    expect(session.json().user.email).toBe(admin.email);
  });

  it("answers a wrong password and an unknown email identically", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    const wrongPassword = await login("staff", staff.email, "not the password");
    const unknownEmail = await login("staff", "nobody-here@example.com", "not the password");
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.json().error.message).toBe(MESSAGES.staffInvalidCredentials);

    const adminPortal = await login("admin", "nobody-here@example.com", "whatever-else");
    expect(adminPortal.json().error.message).toBe("Admin login failed: Invalid email or password");
  });

  it("gives staff credentials at the admin portal the spec's message and no session", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    const response = await login("admin", staff.email, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: "WRONG_PORTAL",
      message: "Admin account not found or insufficient permissions",
    });
    expect(response.cookies).toHaveLength(0);
  });

  it("gives admin credentials at the staff portal the staff portal's message", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    const response = await login("staff", admin.email, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe("Staff login failed: No staff member found with this email");
  });

  it("rate limits an account after repeated failures, even with the right password", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
      // Different client addresses: the limit follows the account, not the address.
      const response = await login("staff", staff.email, `wrong-${attempt}`, {
        "x-forwarded-for": `10.0.0.${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login("staff", staff.email, DEFAULT_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(errorCode(blocked)).toBe("RATE_LIMITED");

    ctx.clock.advance(16 * 60_000);
    expect((await login("staff", staff.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it("rate limits a client address after repeated failures across accounts, until the window passes", async () => {
    const address = "198.51.100.7";
    const from = (remoteAddress: string, email: string, password: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        payload: { portal: "staff", email, password },
      });
    const staff = await createUser(ctx, { role: "staff" });
    // Guessing at many accounts: no account reaches its own limit, the address reaches its.
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ADDRESS - 1; attempt += 1) {
      expect((await from(address, `guess-${attempt}@example.com`, "not the password")).statusCode).toBe(401);
    }
    // A good sign-in clears the account's counter, never the address's.
    expect((await from(address, staff.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect((await from(address, "one-more@example.com", "not the password")).statusCode).toBe(401);
    const blocked = await from(address, staff.email, DEFAULT_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: "RATE_LIMITED", message: MESSAGES.tooManyAttempts });
    // The same account from another address, and the same address once the window has passed, get in.
    expect((await from("198.51.100.8", staff.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    ctx.clock.advance(16 * 60_000);
    expect((await from(address, staff.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it("counts failures at both portals against the same account", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
      await login(attempt % 2 === 0 ? "staff" : "admin", staff.email, "wrong-password");
    }
    expect((await login("staff", staff.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
    ctx.clock.advance(16 * 60_000);
  });

  it("refuses a malformed request with field errors, not a stack trace", async () => {
    const response = await request(ctx.app, "POST", "/api/auth/login", {
      body: { portal: "root", email: "x", password: "", role: "admin" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.error.details.fields)).toEqual(
      expect.arrayContaining(["portal", "email", "password"]),
    );
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe("sessions", () => {
  it("issues a new session at sign-in and ends the one the browser already held", async () => {
    const staff = await createUser(ctx);
    const first = sessionCookieFrom(await login("staff", staff.email, DEFAULT_PASSWORD));
    const second = await request(ctx.app, "POST", "/api/auth/login", {
      cookie: first,
      body: { portal: "staff", email: staff.email, password: DEFAULT_PASSWORD },
    });
    expect(sessionCookieFrom(second)).not.toBe(first);
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie: first })).statusCode).toBe(401);
  });

  it("refuses a session cookie replayed after logout", async () => {
    const { cookie } = await signedInAs(ctx, { role: "staff" });
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie })).statusCode).toBe(200);
    const logout = await request(ctx.app, "POST", "/api/auth/logout", { cookie });
    expect(logout.statusCode).toBe(204);
    const replay = await request(ctx.app, "GET", "/api/dashboard", { cookie });
    expect(replay.statusCode).toBe(401);
    expect(errorCode(replay)).toBe("SESSION_EXPIRED");
  });

  it("ends a session after 30 idle minutes but keeps an active one alive", async () => {
    const { cookie: idle } = await signedInAs(ctx);
    const { cookie: active } = await signedInAs(ctx);
    for (let step = 0; step < 3; step += 1) {
      ctx.clock.advance(20 * 60_000);
      expect((await request(ctx.app, "GET", "/api/dashboard", { cookie: active })).statusCode).toBe(200);
    }
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie: idle })).statusCode).toBe(401);
  });

  it("ends every session 12 hours after sign-in however active it was", async () => {
    const { cookie } = await signedInAs(ctx);
    // 28 requests 25 minutes apart: never idle for 30 minutes, 11 h 40 min in all.
    for (let step = 0; step < 28; step += 1) {
      ctx.clock.advance(25 * 60_000);
      expect((await request(ctx.app, "GET", "/api/dashboard", { cookie })).statusCode).toBe(200);
    }
    ctx.clock.advance(25 * 60_000);
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie })).statusCode).toBe(401);
  });

  it("answers /api/session with null for a visitor", async () => {
    const response = await request(ctx.app, "GET", "/api/session");
    expect(response.json()).toEqual({ user: null });
  });
});

describe("passwords", () => {
  it("stores argon2id hashes at or above m=19456, t=2, p=1 with a salt per account", async () => {
    const a = await createUser(ctx, { password: "same password 1" });
    const b = await createUser(ctx, { password: "same password 1" });
    const { rows } = await ctx.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where id in (${a.id}, ${b.id})`,
    );
    for (const { password_hash } of rows) {
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(password_hash);
      expect(match).not.toBeNull();
      expect(Number(match?.[1])).toBeGreaterThanOrEqual(19_456);
      expect(Number(match?.[2])).toBeGreaterThanOrEqual(2);
      expect(Number(match?.[3])).toBe(1);
    }
    expect(rows[0]?.password_hash).not.toBe(rows[1]?.password_hash);
  });

  it("makes a staff member with a first password change it before anything else", async () => {
    const staff = await createUser(ctx, { mustChangePassword: true });
    const signedIn = await login("staff", staff.email, DEFAULT_PASSWORD);
    expect(signedIn.json().user.mustChangePassword).toBe(true);
    const cookie = sessionCookieFrom(signedIn);

    const blocked = await request(ctx.app, "GET", "/api/dashboard", { cookie });
    expect(blocked.statusCode).toBe(403);
    expect(errorCode(blocked)).toBe("PASSWORD_CHANGE_REQUIRED");

    const changed = await request(ctx.app, "POST", "/api/auth/password", {
      cookie,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: "a brand new passphrase" },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.mustChangePassword).toBe(false);
    const rotated = sessionCookieFrom(changed);
    expect(rotated).not.toBe(cookie);
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie: rotated })).statusCode).toBe(200);
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie })).statusCode).toBe(401);

    expect((await login("staff", staff.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login("staff", staff.email, "a brand new passphrase")).statusCode).toBe(200);
  });

  it("ends the account's other sessions when its password changes", async () => {
    const staff = await createUser(ctx);
    const phone = sessionCookieFrom(await login("staff", staff.email, DEFAULT_PASSWORD));
    const desk = sessionCookieFrom(await login("staff", staff.email, DEFAULT_PASSWORD));
    await request(ctx.app, "POST", "/api/auth/password", {
      cookie: desk,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: "another good passphrase" },
    });
    expect((await request(ctx.app, "GET", "/api/dashboard", { cookie: phone })).statusCode).toBe(401);
  });

  it("refuses a wrong current password, a reused one and a short new one", async () => {
    const { cookie } = await signedInAs(ctx);
    const wrong = await request(ctx.app, "POST", "/api/auth/password", {
      cookie,
      body: { currentPassword: "not it at all", newPassword: "fresh passphrase" },
    });
    expect(errorCode(wrong)).toBe("WRONG_CURRENT_PASSWORD");
    const reused = await request(ctx.app, "POST", "/api/auth/password", {
      cookie,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD },
    });
    expect(errorCode(reused)).toBe("PASSWORD_REUSED");
    const short = await request(ctx.app, "POST", "/api/auth/password", {
      cookie,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: "short" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details.fields.newPassword).toBe("Password must be at least 8 characters");
  });

  it("never returns a password hash", async () => {
    const { cookie } = await signedInAs(ctx, { role: "admin" });
    for (const url of ["/api/session", "/api/staff", "/api/admins"]) {
      const response = await request(ctx.app, "GET", url, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/argon2|password_?hash/i);
    }
  });
});

describe("preferences", () => {
  it("remembers a person's language across sessions and refuses unknown languages", async () => {
    const staff = await createUser(ctx);
    const first = sessionCookieFrom(await login("staff", staff.email, DEFAULT_PASSWORD));
    const chosen = await request(ctx.app, "PUT", "/api/auth/preferences", {
      cookie: first,
      body: { language: "ar" },
    });
    expect(chosen.json().user.language).toBe("ar");
    const second = await login("staff", staff.email, DEFAULT_PASSWORD);
    expect(second.json().user.language).toBe("ar");
    const bad = await request(ctx.app, "PUT", "/api/auth/preferences", {
      cookie: first,
      body: { language: "fr" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
