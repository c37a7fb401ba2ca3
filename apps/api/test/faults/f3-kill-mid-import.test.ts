import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkLedger,
  count,
  embeddedUrl,
  makeTempDir,
  seedStock,
  signIn,
  sleep,
  startApp,
  stopApp,
  stopEverything,
  withDatabase,
} from "./harness.ts";

/**
 * F3: kill -9 of the API while a large CSV commit runs, once its stored progress shows half of it
 * written (the slow-writes hook paces the 1,000-row batches). After the restart no item of the file
 * exists; the retry with the same Idempotency-Key saves the whole file exactly once.
 */
const dataDir = makeTempDir("wms-f3-");
const target = { dataDir };
const ROWS = 4_000;
const HEADER =
  "Item Number,Name,Description,Type,Unit,Unit Price,Min Quantity,Quantity,Warehouse,Shelf,Section";

afterAll(async () => {
  await stopEverything(path.join(dataDir, "pg"), dataDir);
});

const itemsOfFile = () =>
  withDatabase(embeddedUrl(dataDir), async (db) => ({
    items: await count(db, sql`select 1 from items where item_no like 'F3-ROW-%'`),
    movements: await count(
      db,
      sql`select 1 from stock_movements m join items i on i.id = m.item_id where i.item_no like 'F3-ROW-%'`,
    ),
  }));

describe("F3: kill -9 of the API mid-import", () => {
  it("leaves no row of the file behind, and the retried key saves the file once", async () => {
    let { server, base } = await startApp(target);
    const stock = await withDatabase(embeddedUrl(dataDir), (db) => seedStock(db, "F3", 1));
    const rows = Array.from(
      { length: ROWS },
      (_, n) =>
        `F3-ROW-${n + 1},Imported ${n + 1},,,,,,2,${stock.warehouseName},${"ABC"[n % 3]},0${(n % 4) + 1}`,
    );
    const csv = [HEADER, ...rows].join("\r\n");
    const key = "f3-import-key-1";
    const url = "/api/imports/commit?fileName=f3-large.csv";

    let admin = await signIn(base);
    const pending = admin("POST", url, {
      csv,
      headers: { "idempotency-key": key, "x-wms-fault": "slow-writes=150" },
    });
    let progress = { phase: "waiting", percent: 0, processed: 0, total: 0 };
    const deadline = Date.now() + 90_000;
    while (progress.percent < 50 && Date.now() < deadline) {
      await sleep(20);
      const answer = await admin("GET", `/api/imports/progress/${key}`);
      progress = answer.body as typeof progress;
    }
    server.child.kill("SIGKILL");
    console.info(`F3: killed at ${JSON.stringify(progress)}`);
    expect(progress.percent).toBeGreaterThanOrEqual(50);
    expect(progress.phase).not.toBe("done");
    await server.exited;
    expect((await pending).status).toBe(0);

    ({ server, base } = await startApp(target));
    expect(await itemsOfFile()).toEqual({ items: 0, movements: 0 });
    admin = await signIn(base);
    const stale = await admin("GET", `/api/imports/progress/${key}`);
    console.info(`F3: progress of the killed upload after the restart: ${JSON.stringify(stale.body)}`);

    const retried = await admin("POST", url, { csv, headers: { "idempotency-key": key } });
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({ rows: ROWS, itemsCreated: ROWS, movementsCreated: ROWS });
    const replayed = await admin("POST", url, { csv, headers: { "idempotency-key": key } });
    expect(replayed.status).toBe(201);
    expect(replayed.body).toEqual(retried.body);
    expect(await itemsOfFile()).toEqual({ items: ROWS, movements: ROWS });

    expect(await stopApp(server)).toBe(0);
    const ledger = await checkLedger(target);
    expect(ledger.output).toContain("Ledger check passed");
    expect(ledger.code).toBe(0);
  });
});
