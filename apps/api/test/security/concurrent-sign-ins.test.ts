import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../src/http/csrf.ts";
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  signInKeys,
} from "../../src/modules/auth/sign-in-limits.ts";
import { createTestContext } from "../context.ts";
import { createUser, DEFAULT_PASSWORD } from "../factories/users.ts";
import { sessionCookieFrom } from "../http.ts";

/**
 * Reliability checklist F16 and B-4: 200 sign-ins at once. Password hashing is bounded (4 at a time),
 * so memory stays flat and the rest of the API keeps answering; the per-account and per-address limits
 * hold however many attempts arrive together (each attempt is counted before its password is checked:
 * before, all 40 guesses of a burst at one account were checked); no attempt is a 500; and every
 * successful sign-in gets a session of its own.
 */
const ctx = await createTestContext();

function signIn(remoteAddress: string, email: string, password: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    payload: { portal: "staff", email, password },
  });
}

describe("200 concurrent sign-ins (F16)", () => {
  it("answers every one with 200, 401 or 429, within the limits, each success with its own session", async () => {
    const accounts = await Promise.all(Array.from({ length: 25 }, () => createUser(ctx)));
    const victim = await createUser(ctx);

    const attempts = [
      // 100 good sign-ins: 25 people, 4 devices each, each device its own address.
      ...accounts.flatMap((account, n) =>
        Array.from({ length: 4 }, (_, device) => ({
          kind: "good" as const,
          userId: account.id,
          run: () => signIn(`10.1.${n}.${device}`, account.email, DEFAULT_PASSWORD),
        })),
      ),
      // 40 guesses at one account from 40 addresses: at most the account's allowance is checked.
      ...Array.from({ length: 40 }, (_, n) => ({
        kind: "account-guess" as const,
        userId: victim.id,
        run: () => signIn(`10.2.0.${n}`, victim.email, `guess number ${n}`),
      })),
      // 60 guesses at unknown accounts from one address: at most the address's allowance is checked.
      ...Array.from({ length: 60 }, (_, n) => ({
        kind: "address-guess" as const,
        userId: 0,
        run: () => signIn("10.3.0.1", `nobody-${n}@example.com`, "not the password"),
      })),
    ];
    expect(attempts).toHaveLength(200);

    // The rest of the API while the burst runs: a health check every 50 ms, timed.
    let bursting = true;
    const healthTimes: number[] = [];
    const probe = (async () => {
      while (bursting) {
        const started = performance.now();
        const health = await ctx.app.inject({ method: "GET", url: "/api/health" });
        expect(health.statusCode).toBe(200);
        healthTimes.push(performance.now() - started);
        await sleep(50);
      }
    })();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);

    const started = performance.now();
    const answers = await Promise.all(attempts.map((attempt) => attempt.run()));
    const elapsed = performance.now() - started;
    bursting = false;
    clearInterval(sampler);
    loopDelay.disable();
    await probe;

    const statuses = (kind: string) =>
      answers.filter((_, n) => attempts[n]?.kind === kind).map((answer) => answer.statusCode);
    const tally = (kind: string) => {
      const counts: Record<number, number> = {};
      for (const status of statuses(kind)) {
        counts[status] = (counts[status] ?? 0) + 1;
      }
      return counts;
    };
    console.info(
      `F16: 200 sign-ins in ${Math.round(elapsed)} ms; good ${JSON.stringify(tally("good"))}, ` +
        `account guesses ${JSON.stringify(tally("account-guess"))}, address guesses ${JSON.stringify(tally("address-guess"))}; ` +
        `health checks ${healthTimes.length}, slowest ${Math.round(Math.max(...healthTimes))} ms; ` +
        `event loop delay max ${Math.round(loopDelay.max / 1e6)} ms; ` +
        `RSS +${Math.round((rssPeak - rssBefore) / 2 ** 20)} MiB`,
    );

    // No 500s, no other answers.
    expect(answers.every((answer) => [200, 401, 429].includes(answer.statusCode))).toBe(true);

    // Every good sign-in got in, with a session of its own that is the right person's.
    expect(statuses("good").every((status) => status === 200)).toBe(true);
    const cookies = answers.filter((_, n) => attempts[n]?.kind === "good").map(sessionCookieFrom);
    expect(new Set(cookies).size).toBe(100);
    const sessions = await ctx.db.execute<{ user_id: number; n: number }>(
      sql`select user_id, count(*)::int as n from sessions group by user_id`,
    );
    expect(sessions.rows.map((row) => row.n)).toEqual(Array(25).fill(4));
    const goodAttempts = attempts.filter((attempt) => attempt.kind === "good");
    for (const [n, cookie] of cookies.entries()) {
      const session = await ctx.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
      expect(session.json().user.id).toBe(goodAttempts[n]?.userId);
    }

    // The limits held: no more passwords checked (401) than each allowance, the rest refused (429),
    // and exactly the checked ones are on record as failures (a refused attempt leaves no claim behind).
    const checked = (kind: string) => statuses(kind).filter((status) => status === 401).length;
    const failuresOf = async (key: string) =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from auth_failures where key = ${key}`,
        )
      ).rows[0]?.n;
    const victimKey = signInKeys(victim.email, "").account;
    expect(checked("account-guess")).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(await failuresOf(victimKey)).toBe(checked("account-guess"));
    expect(checked("address-guess")).toBeLessThanOrEqual(MAX_FAILURES_PER_ADDRESS);
    expect(await failuresOf(signInKeys("", "10.3.0.1").address)).toBe(checked("address-guess"));
    // Guessing on, one at a time, gets exactly the rest of the allowance checked, then 429 even for the
    // right password: the burst did not widen the allowance.
    let more = 0;
    for (;;) {
      const answer = await signIn(`10.4.0.${more}`, victim.email, `one more guess ${more}`);
      if (answer.statusCode === 429) {
        break;
      }
      expect(answer.statusCode).toBe(401);
      more += 1;
    }
    expect(checked("account-guess") + more).toBe(MAX_FAILURES_PER_ACCOUNT);
    expect((await signIn("10.9.9.9", victim.email, DEFAULT_PASSWORD)).statusCode).toBe(429);

    // The rest of the API kept answering (hashing runs off the event loop; the health check only waits
    // its turn for a database connection), and hashing stayed bounded (4 × 19 MiB at a time).
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(Math.max(...healthTimes)).toBeLessThan(5_000);
    expect(loopDelay.max / 1e6).toBeLessThan(1_000);
    expect(rssPeak - rssBefore).toBeLessThan(400 * 2 ** 20);
  });
});
