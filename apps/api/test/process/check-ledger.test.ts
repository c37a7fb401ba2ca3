import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { connectDatabase } from "../../src/db/client.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { createTestDatabase, type TestContext, testConfig } from "../context.ts";
import { createTestItem, createTestWarehouse, positionId, receive } from "../factories/stock.ts";

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

describe("npm run check:ledger", async () => {
  const { url, drop } = await createTestDatabase();
  const database = connectDatabase(url, { max: 2 });
  const config = testConfig();
  const app = await buildApp({ database, clock: systemClock, config, serveWeb: false });
  const ctx = { app, database, db: database.db, clock: systemClock, config, url } as unknown as TestContext;
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
  });

  const check = () =>
    run(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "apps/api/src/cli/check-ledger.ts")], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: url },
    });

  it("passes a consistent ledger and names the rows of a broken one with a non-zero exit", async () => {
    const warehouse = await createTestWarehouse(ctx);
    const item = await createTestItem(ctx);
    const position = await positionId(ctx, warehouse.id, "A", "01");
    await receive(ctx, item.id, position, "7");
    const passed = await check();
    expect(passed.stdout).toContain("Ledger check passed");

    await ctx.db.execute(sql`update stock_balances set quantity = 9 where item_id = ${item.id}`);
    const failed = await check().then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed, "the check should have failed").not.toBeNull();
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain(
      `I1: item ${item.id} at location ${position}: ledger 7.000, balance 9.000`,
    );
  });
});
