import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestContext, testConfig } from "../../test/context.ts";
import { createTestItem } from "../../test/factories/stock.ts";
import { signedInAs } from "../../test/factories/users.ts";
import { request } from "../../test/http.ts";
import { TestClock } from "../../test/test-clock.ts";
import { buildApp } from "../app.ts";
import { isDatabaseTimeout, isDatabaseUnavailable, sqlStateOf } from "../http/database-errors.ts";
import { registerErrorHandler } from "../http/error-handler.ts";
import { allowLongStatements, connectDatabase, type Database } from "./client.ts";

/**
 * Reliability checklist F8: a request never waits on the database longer than its limits, and a
 * timeout is answered 503 with the retryable DATABASE_UNAVAILABLE. Every case runs real statements
 * against real PostgreSQL under real (short) limits.
 */
const { url, drop } = await createTestDatabase();
const opened: Database[] = [];
function connect(options: Parameters<typeof connectDatabase>[1]) {
  const database = connectDatabase(url, options);
  opened.push(database);
  return database;
}
afterAll(async () => {
  for (const database of opened) {
    await database.close();
  }
  await drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backendPid = async (database: Database) =>
  (await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid;

describe("database time limits", () => {
  it("answers a statement cancelled by its timeout with 503 DATABASE_UNAVAILABLE, retryable", async () => {
    const database = connect({ max: 2 });
    const slow = () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(5)`);
      });
    const error = await slow().catch((caught: unknown) => caught);
    expect(sqlStateOf(error)).toBe("57014");
    expect(isDatabaseTimeout(error)).toBe(true);

    const app = Fastify();
    registerErrorHandler(app);
    app.get("/slow", async () => {
      await slow();
      return { done: true };
    });
    const started = Date.now();
    const response = await app.inject({ method: "GET", url: "/slow" });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: {
        code: "DATABASE_UNAVAILABLE",
        message: "The database is not available right now. Please try again shortly.",
        details: { retryable: true, reason: "timeout" },
      },
    });
    await app.close();
  });

  it("cancels a request stuck behind a lock at the pool's statement timeout, and serves the retry", async () => {
    const database = connect({ max: 4, statementTimeoutMs: 500 });
    const clock = new TestClock();
    const config = testConfig();
    const app = await buildApp({ database, clock, config, serveWeb: false });
    const ctx = { app, database, db: database.db, clock, config, url } as unknown as TestContext;
    try {
      const { cookie } = await signedInAs(ctx, { role: "admin" });
      const item = await createTestItem(ctx, { name: "Locked tea" });
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query("begin");
      await holder.query("select 1 from items where id = $1 for update", [item.id]);
      const edit = () =>
        request(app, "PUT", `/api/items/${item.id}`, {
          cookie,
          body: { itemNo: item.itemNo, name: "Renamed tea" },
        });
      const started = Date.now();
      const stuck = await edit();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(stuck.statusCode).toBe(503);
      expect(stuck.json().error).toMatchObject({
        code: "DATABASE_UNAVAILABLE",
        details: { retryable: true },
      });
      await holder.query("rollback");
      await holder.end();
      const retried = await edit();
      expect(retried.statusCode).toBe(200);
      expect(retried.json().name).toBe("Renamed tea");
    } finally {
      await app.close();
    }
  });

  it("ends a transaction left idle past its limit, releasing its locks", async () => {
    const database = connect({ max: 2, idleInTransactionTimeoutMs: 200 });
    const error = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
        await sleep(700);
        await tx.execute(sql`select 1`);
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The lock went with the ended session: another connection takes it at once.
    const free = await database.db.execute<{ taken: boolean }>(
      sql`select pg_try_advisory_lock(4242) as taken`,
    );
    expect(free.rows[0]?.taken).toBe(true);
    await database.db.execute(sql`select pg_advisory_unlock_all()`);
  });

  it("gives up on a connection that stops answering, drops it, and carries on with a fresh one", async () => {
    const database = connect({ max: 1, queryTimeoutMs: 300 });
    const before = await backendPid(database);
    const started = Date.now();
    const error = await database.db
      .transaction(async (tx) => {
        // The server will not cancel this one: to the client it is a server that went silent.
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`select pg_sleep(3)`);
      })
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The only pooled connection was dropped, not handed back still waiting for the late answer.
    const after = await backendPid(database);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  it("lets a transaction that asks for it run longer statements, then restores the limits", async () => {
    const database = connect({ max: 1, statementTimeoutMs: 200, queryTimeoutMs: 400 });
    const pid = await backendPid(database);
    await database.db.transaction(async (tx) => {
      await allowLongStatements(tx, 5_000);
      await tx.execute(sql`select pg_sleep(0.6)`);
    });
    // The connection went back to the pool with the pool's limits: the same one runs the next query.
    expect(await backendPid(database)).toBe(pid);
    const error = await database.db.execute(sql`select pg_sleep(0.6)`).catch((caught: unknown) => caught);
    expect(sqlStateOf(error)).toBe("57014");
    const setting = await database.db.execute<{ timeout: string }>(
      sql`select current_setting('statement_timeout') as timeout`,
    );
    expect(setting.rows[0]?.timeout).toBe("200ms");
  });
});
