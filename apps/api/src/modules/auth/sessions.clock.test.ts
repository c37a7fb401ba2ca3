import { afterAll, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import { createUser } from "../../../test/factories/users.ts";
import { request } from "../../../test/http.ts";
import type { TestClock } from "../../../test/test-clock.ts";
import { buildApp } from "../../app.ts";
import { sessionCookieName } from "../../http/session-cookie.ts";
import type { Clock } from "../../lib/clock.ts";
import { startSession } from "./sessions.service.ts";

/**
 * Reliability checklist F15 (decision 003): sessions are timed by the clock of the API process serving
 * the request, not by the database's. These tests pin down what that means when clocks disagree: two
 * processes whose clocks differ by 5 minutes disagree about a session only within those 5 minutes, and
 * an hour's jump of a server's clock ends sessions early (forward) or lets one live at most that hour
 * longer (backward). The 10-minute delete window of movements uses the database clock instead
 * (SEC/qty "times the 10-minute delete window by the database clock, not the server's").
 */
const ctx = await createTestContext();
const SKEW_MS = 5 * 60_000;
const MINUTE = 60_000;

/** A clock that reads `offsetMs` ahead of (or behind) the test's own clock, however that one moves. */
class OffsetClock implements Clock {
  constructor(
    private readonly base: TestClock,
    private readonly offsetMs: number,
  ) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
}

// A second API process on the same database whose clock runs 5 minutes ahead.
const fastClock = new OffsetClock(ctx.clock, SKEW_MS);
const fast = await buildApp({
  database: ctx.database,
  clock: fastClock,
  config: ctx.config,
  serveWeb: false,
});
afterAll(async () => {
  await fast.close();
});

const user = await createUser(ctx);

/** A session started by the process whose clock is `clock`, as its sign-in would. */
async function sessionBy(clock: Clock): Promise<string> {
  const token = await startSession(ctx.db, { clock, config: ctx.config }, user.id, {});
  return `${sessionCookieName(ctx.config)}=${token}`;
}

const statusOn = async (app: typeof fast, cookie: string) =>
  (await request(app, "GET", "/api/dashboard", { cookie })).statusCode;

describe("session expiry by the app server's clock (F15)", () => {
  it("two processes whose clocks differ by 5 minutes disagree about a session only within those 5 minutes", async () => {
    const idleMs = ctx.config.session.idleMs;
    // Sessions started by the process on time; each one is looked at once, so no look extends another.
    const [early, inBand, onTime, late] = await Promise.all([1, 2, 3, 4].map(() => sessionBy(ctx.clock)));
    ctx.clock.advance(idleMs - SKEW_MS - MINUTE);
    expect(await statusOn(fast, early as string), "idle 24 min: both accept").toBe(200);
    ctx.clock.advance(2 * MINUTE);
    // Idle 26 minutes: 31 by the fast clock, so it refuses while the on-time process accepts.
    expect(await statusOn(fast, inBand as string)).toBe(401);
    expect(await statusOn(ctx.app, onTime as string)).toBe(200);
    ctx.clock.advance(SKEW_MS);
    expect(await statusOn(ctx.app, late as string), "idle 31 min: both refuse").toBe(401);

    // The other way round: a session the fast process last saw looks 5 minutes younger to the on-time
    // process, which accepts it up to 5 minutes beyond the idle limit and no further.
    const [fromFast, fromFastLater] = await Promise.all([1, 2].map(() => sessionBy(fastClock)));
    ctx.clock.advance(idleMs + SKEW_MS - MINUTE);
    expect(await statusOn(ctx.app, fromFast as string), "idle 34 min, 29 by its stamp").toBe(200);
    ctx.clock.advance(2 * MINUTE);
    expect(await statusOn(ctx.app, fromFastLater as string), "idle 36 min").toBe(401);
  });

  it("an hour's jump of the server's clock ends sessions early, or keeps one at most that hour longer", async () => {
    // Forward: every session looks an hour idle and ends; people sign in again (nothing is let in).
    const forward = await sessionBy(ctx.clock);
    ctx.clock.advance(60 * MINUTE);
    expect(await statusOn(ctx.app, forward)).toBe(401);

    // Backward: a session seen just before the jump stays usable for the hour plus the idle limit,
    // then ends; never longer.
    const backward = await sessionBy(ctx.clock);
    const probe = await sessionBy(ctx.clock);
    ctx.clock.advance(-60 * MINUTE);
    ctx.clock.advance(60 * MINUTE + ctx.config.session.idleMs - MINUTE);
    expect(await statusOn(ctx.app, backward), "89 minutes idle in real time").toBe(200);
    ctx.clock.advance(2 * MINUTE);
    expect(await statusOn(ctx.app, probe), "91 minutes idle in real time").toBe(401);
  });
});
