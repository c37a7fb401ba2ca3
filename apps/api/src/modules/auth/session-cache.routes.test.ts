import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import { createUser, sessionCookieFor, signedInAs } from "../../../test/factories/users.ts";
import { errorCode, request } from "../../../test/http.ts";
import { buildApp } from "../../app.ts";
import { CHANGE_CHANNEL } from "../events/change-events.ts";
import { hashToken } from "./sessions.service.ts";

const ctx = await createTestContext();
/**
 * The same API over the same database, keeping what it reads for an hour instead of seconds: whatever
 * it stops serving within a test was taken away by an event, not by the time running out.
 */
const app = await buildApp({
  database: ctx.database,
  clock: ctx.clock,
  config: ctx.config,
  serveWeb: false,
  sessionCacheMs: 3_600_000,
});
afterAll(() => app.close());

const sessionUser = async (cookie: string) =>
  (await request(app, "GET", "/api/session", { cookie })).json().user as {
    id: number;
    language: string;
  } | null;

const eventually = (check: () => Promise<boolean>) => vi.waitUntil(check, { timeout: 10_000, interval: 25 });

const tokenHashOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf("=") + 1));
const deleteSessionRow = (cookie: string) =>
  ctx.db.execute(sql`delete from sessions where token_hash = ${tokenHashOf(cookie)}`);

describe("sessions read a moment ago", () => {
  it("are served without the database until another process says the user's sessions ended", async () => {
    const { user, cookie } = await signedInAs(ctx, { role: "staff" });
    expect((await sessionUser(cookie))?.id).toBe(user.id);
    // Gone from the database behind the API's back: this process still has it.
    await deleteSessionRow(cookie);
    expect((await sessionUser(cookie))?.id).toBe(user.id);
    // What another API process sends when it signs this user out.
    const event = JSON.stringify({ entity: "session", id: String(user.id), action: "end" });
    await ctx.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${event})`);
    await eventually(async () => (await sessionUser(cookie)) === null);
  });

  it("are refused on the request after a sign-out", async () => {
    const { cookie } = await signedInAs(ctx, { role: "staff" });
    expect(await sessionUser(cookie)).not.toBeNull();
    expect((await request(app, "POST", "/api/auth/logout", { cookie })).statusCode).toBe(204);
    expect(await sessionUser(cookie)).toBeNull();
    expect(errorCode(await request(app, "GET", "/api/items", { cookie }))).toBe("SESSION_EXPIRED");
  });

  it("are refused on the request after the account is archived or its password reset", async () => {
    const admin = await signedInAs(ctx, { role: "admin" });
    for (const change of ["archive", "reset"] as const) {
      const staff = await createUser(ctx, { role: "staff" });
      const cookie = await sessionCookieFor(ctx, staff.id);
      expect(await sessionUser(cookie)).not.toBeNull();
      const response =
        change === "archive"
          ? await request(app, "DELETE", `/api/staff/${staff.id}`, { cookie: admin.cookie })
          : await request(app, "POST", `/api/staff/${staff.id}/password`, {
              cookie: admin.cookie,
              body: { password: "a-new-first-password" },
            });
      expect(response.statusCode).toBe(204);
      expect(await sessionUser(cookie)).toBeNull();
    }
  });

  it("show a change of the account's language on the next request", async () => {
    const { cookie } = await signedInAs(ctx, { role: "staff" });
    expect((await sessionUser(cookie))?.language).toBe("en");
    const changed = await request(app, "PUT", "/api/auth/preferences", { cookie, body: { language: "ar" } });
    expect(changed.statusCode).toBe(200);
    expect((await sessionUser(cookie))?.language).toBe("ar");
  });

  it("are read from the database again once the event channel has dropped", async () => {
    const { cookie } = await signedInAs(ctx, { role: "staff" });
    expect(await sessionUser(cookie)).not.toBeNull();
    await deleteSessionRow(cookie);
    // Every API process's listening connection on this database drops; events sent meanwhile are lost.
    await ctx.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'wms-events' and datname = current_database()`);
    await eventually(async () => (await sessionUser(cookie)) === null);
  });
});
