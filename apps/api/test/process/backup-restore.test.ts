import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connectDatabase } from "../../src/db/client.ts";
import { MAGIC } from "../../src/modules/backup/format.ts";
import { findLedgerViolations } from "../../src/modules/stock/ledger-invariants.ts";
import { createTestContext, type TestContext } from "../context.ts";
import { createTestItem, createTestWarehouse, positionId, receive, writeStock } from "../factories/stock.ts";
import { createUser, signedInAs } from "../factories/users.ts";
import { request } from "../http.ts";
import { databaseUrl, withAdminClient } from "../test-postgres.ts";

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const BACKUP_CLI = path.join(REPO_ROOT, "apps/api/src/cli/backup.ts");
const RESTORE_CLI = path.join(REPO_ROOT, "apps/api/src/cli/restore.ts");

const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "wms-backup-test-"));
const emptyDatabases: string[] = [];

afterAll(async () => {
  await withAdminClient(inject("postgresAdminUrl"), async (client) => {
    for (const name of emptyDatabases) {
      await client.query(`drop database if exists "${name}" with (force)`);
    }
  });
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** A truly empty database (no tables, no migrations), named so the run's teardown also drops it. */
async function createEmptyDatabase(): Promise<string> {
  const name = `${inject("templateDatabase")}_f_${randomBytes(4).toString("hex")}`;
  await withAdminClient(inject("postgresAdminUrl"), (client) => client.query(`create database "${name}"`));
  emptyDatabases.push(name);
  return databaseUrl(inject("postgresAdminUrl"), name);
}

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(script: string, args: string[], url: string): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every row of every public table (and the migration history), each as sorted JSON text. */
function dumpDatabase(url: string): Promise<Record<string, string[]>> {
  return withClient(url, async (client) => {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    const dump: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ row: string }>(
        `select to_jsonb(t)::text as row from "${name}" t`,
      );
      dump[name] = rows.map((r) => r.row).sort();
    }
    const history = await client.query<{ present: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
    );
    if (history.rows[0]?.present) {
      const { rows } = await client.query<{ row: string }>(
        "select hash || ' ' || created_at as row from drizzle.__drizzle_migrations order by created_at",
      );
      dump["drizzle.__drizzle_migrations"] = rows.map((r) => r.row);
    }
    return dump;
  });
}

/** Rewrites a backup's uncompressed frames (kind, payload) and gzips it again, as a valid container. */
function rewriteBackup(source: string, target: string, edit: (kind: string, payload: Buffer) => Buffer) {
  const raw = zlib.gunzipSync(fs.readFileSync(source));
  const out: Buffer[] = [MAGIC];
  for (let at = MAGIC.length; at < raw.length; ) {
    const kind = raw.toString("ascii", at, at + 1);
    const length = raw.readUInt32BE(at + 1);
    const payload = edit(kind, raw.subarray(at + 5, at + 5 + length));
    const head = Buffer.alloc(5);
    head.write(kind, 0, "ascii");
    head.writeUInt32BE(payload.length, 1);
    out.push(head, payload);
    at += 5 + length;
  }
  fs.writeFileSync(target, zlib.gzipSync(Buffer.concat(out)));
}

/** Real data through the services and the API: accounts, warehouses, items, stock and a purchase. */
async function seed(): Promise<void> {
  const { cookie } = await signedInAs(ctx, { role: "admin", name: "Backup Admin" });
  await createUser(ctx, { role: "staff", name: "Zoë O'Brien" });
  const warehouse = await createTestWarehouse(ctx, { name: "MAIN" }, ["COLD"]);
  await createTestWarehouse(ctx, { name: "Overflow", maxShelves: 2, sectionsPerShelf: 3 });
  const a01 = await positionId(ctx, warehouse.id, "A", "01");
  const b02 = await positionId(ctx, warehouse.id, "B", "02");
  const cold = await positionId(ctx, warehouse.id, "COLD", null);
  // Text that COPY must escape: tabs, newlines, backslashes, quotes, non-ASCII.
  const tea = await createTestItem(ctx, {
    name: "Ceylon tea grade \\A\\ 'best'",
    description: 'Line one\nline "two"\ttabbed\r\nشاي',
    unit: "kilogram",
    unitPrice: "20.50",
  });
  const tins = await createTestItem(ctx, { name: "Tins", unit: "pieces", minQuantity: "12" });
  await receive(ctx, tea.id, a01, "40.125");
  await receive(ctx, tins.id, b02, "300");
  await writeStock(ctx, [
    { type: "moved", itemId: tea.id, fromLocationId: a01, toLocationId: cold, quantity: "10" },
    { type: "dispatched", itemId: tins.id, fromLocationId: b02, quantity: "25", reason: "order 7" },
    { type: "adjusted", adjustment: "decrease", itemId: tea.id, fromLocationId: a01, quantity: "0.125" },
  ]);
  const purchase = await request(ctx.app, "POST", "/api/purchases", {
    cookie,
    headers: { "idempotency-key": "backup-test-purchase-1" },
    body: {
      invoiceNumber: "INV-77",
      date: "2026-03-10",
      supplierName: "Ceylon Leaf Co",
      notes: "first",
      lines: [
        { itemId: tea.id, unitPrice: "22.50", allocations: [{ locationId: b02, quantity: "5" }] },
        { itemId: tins.id, unitPrice: "1.10", allocations: [{ locationId: cold, quantity: "60" }] },
      ],
    },
  });
  expect(purchase.statusCode, purchase.body).toBe(201);
  expect(await findLedgerViolations(ctx.db)).toEqual([]);
}

describe("npm run db:backup and db:restore", () => {
  const backupFile = path.join(workDir, "source.wmsbackup");

  it("backs up every table and restores it into an empty database, sequences and ledger included", async () => {
    await seed();
    const source = await dumpDatabase(ctx.url);

    const backup = await cli(BACKUP_CLI, ["--out", backupFile], ctx.url);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain(`Backup written: ${backupFile}`);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    // Never overwrites a backup.
    expect((await cli(BACKUP_CLI, ["--out", backupFile], ctx.url)).stderr).toContain("already exists");

    const check = await cli(RESTORE_CLI, ["--in", backupFile, "--check"], "postgres://unused/none");
    expect(check, check.stderr).toMatchObject({ code: 0 });
    expect(check.stdout).toContain("Backup OK");

    const targetUrl = await createEmptyDatabase();
    const restore = await cli(RESTORE_CLI, ["--in", backupFile], targetUrl);
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain("Restore complete");
    expect(restore.stdout).toContain("ledger check passed");

    const target = await dumpDatabase(targetUrl);
    expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
    for (const table of Object.keys(source)) {
      if (table === "sessions") {
        // Reliability checklist BK-4: a restore signs everyone out.
        expect(source.sessions?.length).toBeGreaterThan(0);
        expect(target.sessions, "sessions are not restored").toEqual([]);
        continue;
      }
      expect(target[table], `table ${table}`).toEqual(source[table]);
    }
    for (const table of ["users", "items", "stock_movements", "purchases", "audit_log"]) {
      expect(source[table]?.length, `the seed filled ${table}`).toBeGreaterThan(0);
    }

    // Sequences continue after the restored ids: new rows get fresh ids through the same services.
    const restored = connectDatabase(targetUrl, { max: 2 });
    try {
      const targetCtx = { ...ctx, database: restored, db: restored.db } as TestContext;
      const maxIds = await ctx.db.execute<{ items: number; movements: string; users: number; audit: string }>(
        sql`select (select max(id) from items) as items, (select max(id) from stock_movements)::text as movements,
                   (select max(id) from users) as users, (select max(id) from audit_log)::text as audit`,
      );
      const before = maxIds.rows[0];
      const item = await createTestItem(targetCtx, { name: "After restore" });
      const user = await createUser(targetCtx, { role: "staff" });
      const warehouse = await createTestWarehouse(targetCtx, { name: "NEW" });
      const [movement] = await receive(
        targetCtx,
        item.id,
        await positionId(targetCtx, warehouse.id, "A", "01"),
        "1",
      );
      expect(item.id).toBeGreaterThan(Number(before?.items));
      expect(user.id).toBeGreaterThan(Number(before?.users));
      expect(JSON.stringify(movement)).toBeTruthy();
      const after = await restored.db.execute<{ movements: string; audit: string }>(
        sql`select (select max(id) from stock_movements)::text as movements, (select max(id) from audit_log)::text as audit`,
      );
      expect(BigInt(after.rows[0]?.movements ?? 0)).toBeGreaterThan(BigInt(before?.movements ?? 0));
      expect(BigInt(after.rows[0]?.audit ?? 0)).toBeGreaterThan(BigInt(before?.audit ?? 0));
      expect(await findLedgerViolations(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it("refuses a database that already holds rows and changes nothing", { timeout: 60_000 }, async () => {
    for (const url of [ctx.url, await createEmptyDatabase()]) {
      if (url !== ctx.url) {
        expect((await cli(RESTORE_CLI, ["--in", backupFile], url)).code).toBe(0);
      }
      const before = await dumpDatabase(url);
      const refused = await cli(RESTORE_CLI, ["--in", backupFile], url);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("the target database is not empty");
      expect(await dumpDatabase(url)).toEqual(before);
    }
  });

  it("refuses a damaged backup before touching the database", { timeout: 60_000 }, async () => {
    const targetUrl = await createEmptyDatabase();
    // A flipped byte in the compressed stream: gzip's CRC (or the framing) catches it.
    const flipped = path.join(workDir, "flipped.wmsbackup");
    const bytes = fs.readFileSync(backupFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x01;
    fs.writeFileSync(flipped, bytes);
    // A flipped byte inside a table's rows of an otherwise valid file: the table's SHA-256 catches it.
    const tampered = path.join(workDir, "tampered.wmsbackup");
    rewriteBackup(backupFile, tampered, (kind, payload) => {
      const at = payload.indexOf("Ceylon Leaf Co");
      if (kind !== "D" || at === -1) {
        return payload;
      }
      const copy = Buffer.from(payload);
      copy[at] = "K".charCodeAt(0);
      return copy;
    });
    // Cut short.
    const truncated = path.join(workDir, "truncated.wmsbackup");
    fs.writeFileSync(truncated, fs.readFileSync(backupFile).subarray(0, Math.floor(bytes.length * 0.6)));

    const cases = [
      [flipped, "cannot be used"],
      [tampered, "do not match their checksum"],
      [truncated, "damaged or incomplete"],
    ] as const;
    const results = await Promise.all(cases.map(([file]) => cli(RESTORE_CLI, ["--in", file], targetUrl)));
    for (const [index, [file, reason]] of cases.entries()) {
      expect(results[index]?.code, file).toBe(1);
      expect(results[index]?.stderr, file).toContain(reason);
    }
    expect((await cli(RESTORE_CLI, ["--in", tampered, "--check"], targetUrl)).code).toBe(1);
    expect(await dumpDatabase(targetUrl), "the target is still empty").toEqual({});
  });

  it("rolls everything back, migrations included, when the restored ledger does not add up", async () => {
    // A valid file (checksums recomputed) whose first balance disagrees with its movements.
    const broken = path.join(workDir, "broken-ledger.wmsbackup");
    let table = "";
    let data: Buffer[] = [];
    const sums = new Map<string, { sha256: string; bytes: number }>();
    rewriteBackup(backupFile, broken, (kind, payload) => {
      if (kind === "T") {
        table = JSON.parse(payload.toString("utf8")).name;
        data = [];
        return payload;
      }
      if (kind === "D") {
        const edited =
          table === "stock_balances" && data.length === 0
            ? Buffer.from(
                payload
                  .toString("utf8")
                  .replace(/^(\d+\t\d+\t)(\d+)/, (_m, keys, q) => `${keys}${Number(q) + 1}`),
              )
            : payload;
        data.push(edited);
        return edited;
      }
      if (kind === "E") {
        const all = Buffer.concat(data);
        const end = { ...JSON.parse(payload.toString("utf8")), bytes: all.length };
        end.sha256 = createHash("sha256").update(all).digest("hex");
        sums.set(table, { sha256: end.sha256, bytes: end.bytes });
        return Buffer.from(JSON.stringify(end));
      }
      if (kind === "M") {
        const manifest = JSON.parse(payload.toString("utf8"));
        for (const entry of manifest.tables) {
          Object.assign(entry, sums.get(entry.name));
        }
        return Buffer.from(JSON.stringify(manifest));
      }
      return payload;
    });
    const targetUrl = await createEmptyDatabase();
    const result = await cli(RESTORE_CLI, ["--in", broken], targetUrl);
    expect(result.code, result.stdout).toBe(1);
    expect(result.stderr).toContain("the ledger check found");
    expect(result.stderr).toMatch(/I1: item \d+ at location \d+/);
    expect(await dumpDatabase(targetUrl), "nothing was left behind").toEqual({});
  });

  it("refuses a backup made by a newer release with a clear message", async () => {
    const newer = path.join(workDir, "newer.wmsbackup");
    rewriteBackup(backupFile, newer, (kind, payload) => {
      if (kind !== "H" && kind !== "M") {
        return payload;
      }
      const json = JSON.parse(payload.toString("utf8"));
      json.schemaVersion.migrations.push({
        tag: "9999_future",
        hash: "f".repeat(64),
        createdAt: 4102444800000,
      });
      json.schemaVersion.latest = "9999_future";
      return Buffer.from(JSON.stringify(json));
    });
    const targetUrl = await createEmptyDatabase();
    const result = await cli(RESTORE_CLI, ["--in", newer], targetUrl);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("this backup was made by a newer release of the WMS");
    expect(result.stderr).toContain("9999_future");
    expect(await dumpDatabase(targetUrl)).toEqual({});
  });
});

describe("a backup taken while writes run (reliability checklist F13, BK-1)", () => {
  it("is one snapshot: the restore passes the ledger check and holds, per writer, exactly a prefix of its writes", {
    timeout: 90_000,
  }, async () => {
    const { user, cookie } = await signedInAs(ctx, { role: "staff", name: "Load Writer" });
    const warehouse = await createTestWarehouse(ctx, { name: "LOADED", maxShelves: 2, sectionsPerShelf: 2 });
    const [a01, b02] = [
      await positionId(ctx, warehouse.id, "A", "01"),
      await positionId(ctx, warehouse.id, "B", "02"),
    ];
    const WRITERS = 4;
    const items = await Promise.all(
      Array.from({ length: WRITERS }, (_, w) =>
        createTestItem(ctx, { name: `Load item ${w}`, unit: "pieces" }),
      ),
    );
    // Bulk rows so that exporting takes a while and the writes overlap it.
    await ctx.db.execute(sql`
        insert into audit_log (actor_id, entity, entity_id, action, after, request_id)
        select null, 'probe', g::text, 'update', jsonb_build_object('n', g), null
        from generate_series(1, 150000) g`);

    // Each writer records, one after another, a receipt of 2 into A01 and a move of 1 to B02, and
    // remembers the order in which its writes were acknowledged.
    let writing = true;
    const acknowledged: string[][] = Array.from({ length: WRITERS }, () => []);
    const writer = async (w: number) => {
      const itemId = (items[w] as { id: number }).id;
      for (let n = 0; writing; n += 1) {
        const body =
          n % 2 === 0
            ? { type: "received", quantity: "2", toLocationId: a01 }
            : { type: "moved", quantity: "1", fromLocationId: a01, toLocationId: b02 };
        const response = await request(ctx.app, "POST", "/api/movements", {
          cookie,
          body: { ...body, itemId, managedBy: user.id, reason: `F13 w${w} n${n}` },
        });
        expect(response.statusCode, response.body).toBe(201);
        acknowledged[w]?.push(`F13 w${w} n${n}`);
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beforeBackup = acknowledged.map((list) => list.length);

    const file = path.join(workDir, "under-load.wmsbackup");
    const backup = await cli(BACKUP_CLI, ["--out", file], ctx.url);
    const afterBackup = acknowledged.map((list) => list.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await Promise.all(writers);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(await findLedgerViolations(ctx.db), "the source").toEqual([]);

    const targetUrl = await createEmptyDatabase();
    const restore = await cli(RESTORE_CLI, ["--in", file], targetUrl);
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain("ledger check passed");

    const restored = await withClient(targetUrl, async (client) => {
      const movements = await client.query<{ id: string; reason: string }>(
        "select id::text, reason from stock_movements where reason like 'F13 %'",
      );
      const audited = await client.query<{ entity_id: string }>(
        "select entity_id from audit_log where entity = 'stock_movement' and action = 'create'",
      );
      return { movements: movements.rows, audited: new Set(audited.rows.map((row) => row.entity_id)) };
    });
    const present = new Set(restored.movements.map((row) => row.reason));
    const kept: number[] = [];
    for (const [w, list] of acknowledged.entries()) {
      // A prefix: everything up to some write, nothing after it (no gap, nothing half there).
      const k = list.filter((reason) => present.has(reason)).length;
      expect(
        list.slice(0, k).every((reason) => present.has(reason)),
        `writer ${w}`,
      ).toBe(true);
      expect(
        list.slice(k).some((reason) => present.has(reason)),
        `writer ${w}`,
      ).toBe(false);
      // Acknowledged before the backup started: in it. Begun after it ended: not in it.
      expect(k, `writer ${w}`).toBeGreaterThanOrEqual(beforeBackup[w] ?? 0);
      expect(k, `writer ${w}`).toBeLessThanOrEqual((afterBackup[w] ?? 0) + 1);
      kept.push(k);
    }
    expect(restored.movements).toHaveLength(kept.reduce((sum, k) => sum + k, 0));
    // Each restored movement came with its audit row, written in the same transaction.
    for (const movement of restored.movements) {
      expect(restored.audited.has(movement.id), movement.reason).toBe(true);
    }
    const written = acknowledged.map((list) => list.length);
    console.info(
      `F13: acknowledged before the backup ${JSON.stringify(beforeBackup)}, when it ended ${JSON.stringify(afterBackup)}, ` +
        `in all ${JSON.stringify(written)}; restored prefixes ${JSON.stringify(kept)}`,
    );
    // The writes did run during the backup: it holds some that were not yet acknowledged when it started.
    expect(kept.some((k, w) => k > (beforeBackup[w] ?? 0))).toBe(true);
    expect(written.some((n, w) => n > (kept[w] ?? 0))).toBe(true);
  });
});
