import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../src/db/embedded-postgres.ts";
import {
  CLUSTER_IN_PRODUCTION,
  checkLedger,
  clusterState,
  type LoadLog,
  makeTempDir,
  missingAcknowledged,
  outside,
  postmasterPid,
  type Stock,
  seedStock,
  signIn,
  sleep,
  startApp,
  stopApp,
  stopEverything,
  tally,
  unexpectedErrors,
  waitFor,
  withDatabase,
  writeLoad,
} from "./harness.ts";

/**
 * F6 and F7 against a PostgreSQL server the app reaches through DATABASE_URL (this test owns it, as an
 * operator owns an external server): a fast restart, then a kill -9 of the postmaster, each while six
 * clients write. Meanwhile the API answers 503 DATABASE_UNAVAILABLE (never a 500, and it keeps
 * running), serves again by itself once the server is back, and every 201 a client saw is stored.
 */
const root = makeTempDir("wms-f6f7-");
const clusterDir = path.join(root, "pg");
const quiet = { info: () => {}, warn: () => {} };
let postgres: EmbeddedServer = await startEmbeddedPostgres(clusterDir, quiet);
const port = Number(new URL(postgres.url).port);
const target = { databaseUrl: postgres.url };

afterAll(async () => {
  await stopEverything(clusterDir, root);
});

/** Starts PostgreSQL again on the same port, retrying while the killed server's backends still exit. */
async function restartPostgres() {
  for (let attempt = 1; ; attempt += 1) {
    try {
      postgres = await startEmbeddedPostgres(clusterDir, quiet, { port });
      return;
    } catch (error) {
      if (attempt >= 20) {
        throw error;
      }
      await sleep(500);
    }
  }
}

/** Runs the load, applies `fault` after 2 s, and keeps writing until 201s came back for 2 s more. */
async function underLoad(
  app: Awaited<ReturnType<typeof startApp>>,
  stock: Stock,
  reason: string,
  fault: () => Promise<void>,
) {
  const admin = await signIn(app.base);
  let recoveredAt = 0;
  let faultDone = false;
  const load = writeLoad(() => admin, stock, {
    workers: 6,
    maxMs: 60_000,
    maxRequests: 20_000,
    reason,
    stop: () => recoveredAt > 0 && Date.now() - recoveredAt > 2_000,
  });
  await sleep(2_000);
  const faultAt = Date.now();
  await fault();
  faultDone = true;
  const backAt = Date.now();
  await waitFor(
    async () => {
      if (app.server.child.exitCode !== null) {
        throw new Error(
          `the API exited (${app.server.child.exitCode}):\n${app.server.output().slice(-3_000)}`,
        );
      }
      const answer = await admin("GET", "/api/health");
      return faultDone && answer.status === 200;
    },
    30_000,
    100,
  );
  recoveredAt = Date.now();
  const log: LoadLog = await load;
  console.info(
    `${reason}: database away ${backAt - faultAt} ms, API healthy ${recoveredAt - backAt} ms later; answers ${JSON.stringify(tally(log))}`,
  );
  return log;
}

function expectCleanFailures(log: LoadLog) {
  const failures = log.answers.filter((answer) => answer.status !== 201);
  expect(failures.length, "the fault should have been felt").toBeGreaterThan(0);
  // Soft, so a run records every figure of both faults before it fails.
  expect
    .soft(outside(log.answers, ["201", "503 DATABASE_UNAVAILABLE"]), "only 503 DATABASE_UNAVAILABLE")
    .toEqual({});
  // Writes succeed again after the fault.
  const lastFailure = Math.max(...failures.map((failure) => failure.at));
  expect(log.answers.some((answer) => answer.status === 201 && answer.at > lastFailure)).toBe(true);
}

describe("F6/F7: PostgreSQL restarted and killed under load", () => {
  it("answers clear 503s, recovers by itself and loses no acknowledged write", async () => {
    const app = await startApp(target);
    const { server } = app;
    const stock = await withDatabase(postgres.url, (db) => seedStock(db, "F6", 10));

    // F6: a fast restart (SIGINT to the postmaster: in-flight sessions are terminated, then a clean stop).
    const restarted = await underLoad(app, stock, "F6 restart", async () => {
      await postgres.stop();
      await sleep(1_500);
      await restartPostgres();
    });
    expect(server.child.exitCode, `the API must keep running:\n${server.output().slice(-3_000)}`).toBeNull();
    console.info(
      `F6: errors the API answered with 500: ${JSON.stringify(unexpectedErrors(server.output()))}`,
    );
    expectCleanFailures(restarted);
    expect(await withDatabase(postgres.url, (db) => missingAcknowledged(db, restarted.acknowledged))).toEqual(
      [],
    );

    // F7: kill -9 of the postmaster; the next start runs crash recovery.
    let stateAtKill = 0;
    const killed = await underLoad(app, stock, "F7 postmaster kill", async () => {
      const pid = postmasterPid(clusterDir);
      expect(pid).toBeDefined();
      process.kill(pid as number, "SIGKILL");
      stateAtKill = clusterState(clusterDir);
      await sleep(1_500);
      await restartPostgres();
    });
    expect(stateAtKill, "killed while in production: the restart had to recover").toBe(CLUSTER_IN_PRODUCTION);
    expect(server.child.exitCode, `the API must keep running:\n${server.output().slice(-3_000)}`).toBeNull();
    console.info(
      `F7: errors the API answered with 500: ${JSON.stringify(unexpectedErrors(server.output()))}`,
    );
    expectCleanFailures(killed);
    expect(await withDatabase(postgres.url, (db) => missingAcknowledged(db, killed.acknowledged))).toEqual(
      [],
    );

    expect(await stopApp(server)).toBe(0);
    const ledger = await checkLedger(target);
    expect(ledger.output).toContain("Ledger check passed");
    expect(ledger.code).toBe(0);
    await postgres.stop();
  });
});
