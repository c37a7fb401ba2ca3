import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  CLUSTER_SHUT_DOWN,
  checkLedger,
  clusterState,
  count,
  embeddedUrl,
  makeTempDir,
  missingAcknowledged,
  seedStock,
  signIn,
  sleep,
  startApp,
  stopApp,
  stopEverything,
  tally,
  withDatabase,
  writeLoad,
} from "./harness.ts";

/**
 * F4: SIGTERM while 8 clients write. In-flight requests finish (201) or are refused cleanly (503 while
 * closing, or a refused connection once it stopped listening), never a 500; the process exits 0; the
 * embedded PostgreSQL was shut down cleanly (pg_control says so: no recovery at the next start); and
 * every acknowledged movement is there after the restart.
 */
const dataDir = makeTempDir("wms-f4-");
const clusterDir = path.join(dataDir, "pg");
const target = { dataDir };

afterAll(async () => {
  await stopEverything(clusterDir, dataDir);
});

describe("F4: SIGTERM under load", () => {
  it("drains, exits 0, stops PostgreSQL cleanly and loses nothing acknowledged", async () => {
    let { server, base } = await startApp(target);
    const stock = await withDatabase(embeddedUrl(dataDir), (db) => seedStock(db, "F4", 10));
    const admin = await signIn(base);
    const load = writeLoad(() => admin, stock, {
      workers: 8,
      maxMs: 20_000,
      maxRequests: 5_000,
      reason: "F4 load",
      stop: () => server.child.exitCode !== null,
    });
    await sleep(1_500);
    const termAt = Date.now();
    const code = await stopApp(server, "SIGTERM", 30_000);
    const log = await load;
    const counts = tally(log);
    console.info(
      `F4: exit ${code} ${Date.now() - termAt} ms after SIGTERM; answers ${JSON.stringify(counts)}`,
    );
    if (code !== 0) {
      console.info(`F4: server output:\n${server.output().slice(-3_000)}`);
    }

    expect(code).toBe(0);
    expect(log.acknowledged.length).toBeGreaterThan(0);
    // 201, a 503 while closing, or no connection at all: never a 500 or any other failure.
    for (const answer of log.answers) {
      expect([0, 201, 503], JSON.stringify(answer)).toContain(answer.status);
    }
    expect(clusterState(clusterDir)).toBe(CLUSTER_SHUT_DOWN);
    expect(fs.existsSync(path.join(clusterDir, "postmaster.pid"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    ({ server, base } = await startApp(target));
    await withDatabase(embeddedUrl(dataDir), async (db) => {
      expect(await missingAcknowledged(db, log.acknowledged)).toEqual([]);
      const stored = await count(db, sql`select 1 from stock_movements where reason = 'F4 load'`);
      console.info(`F4: ${log.acknowledged.length} acknowledged, ${stored} stored, ${log.sent} sent`);
      expect(stored).toBeGreaterThanOrEqual(log.acknowledged.length);
      expect(stored).toBeLessThanOrEqual(log.sent);
    });
    expect(await stopApp(server)).toBe(0);
    const ledger = await checkLedger(target);
    expect(ledger.output).toContain("Ledger check passed");
    expect(ledger.code).toBe(0);
  });
});
