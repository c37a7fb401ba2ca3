import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { isProcessAlive } from "../../src/db/data-dir-lock.ts";
import { databaseUrl, withAdminClient } from "../test-postgres.ts";
import { type ServerProcess, signInOverHttp, spawnServer } from "./server-process.ts";

/**
 * docs/backup-and-restore.md, "Moving an embedded installation to an external PostgreSQL", step by
 * step: the real server on its embedded PostgreSQL in DATA_DIR takes data over HTTP and is stopped;
 * `npm run db:backup` backs up DATA_DIR (starting the embedded server itself); on another server, an
 * empty database owned by an ordinary role receives `npm run db:restore`; the server then runs on
 * DATABASE_URL with every row, and people sign in with their passwords (not with old cookies).
 */
const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const ADMIN = { email: "owner@example.com", password: "owner password 1" };

const root = fs.mkdtempSync(path.join(os.tmpdir(), "wms-move-"));
fs.chmodSync(root, 0o755);
const dataDir = path.join(root, "data");
const backupFile = path.join(root, "move.wmsbackup");
const suffix = randomBytes(4).toString("hex");
const role = `wms_move_${suffix}`;
const rolePassword = randomBytes(12).toString("hex");
const targetName = `${inject("templateDatabase")}_f_move_${suffix}`;
const adminUrl = inject("postgresAdminUrl");
const started: ServerProcess[] = [];

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  const orphan = fs.existsSync(pidFile) ? Number.parseInt(fs.readFileSync(pidFile, "utf8"), 10) : NaN;
  if (Number.isInteger(orphan) && isProcessAlive(orphan)) {
    process.kill(orphan, "SIGINT");
  }
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`drop database if exists "${targetName}" with (force)`);
    await client.query(`drop role if exists "${role}"`);
  });
  fs.rmSync(root, { recursive: true, force: true });
});

function start(env: NodeJS.ProcessEnv) {
  const server = spawnServer({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  started.push(server);
  return server;
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

/** `npm run <script>` as a person would type it: the CLI with only the given database settings. */
async function cli(script: "backup" | "restore", args: string[], env: NodeJS.ProcessEnv) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  try {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", path.join(REPO_ROOT, `apps/api/src/cli/${script}.ts`), ...args],
      { cwd: REPO_ROOT, env: { ...rest, LOG_LEVEL: "silent", ...env } },
    );
    return { code: 0, stdout, stderr: "" };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Every row of the application's tables, each as sorted JSON text (sessions left out). */
async function rowsOf(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'sessions' order by 1",
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const result = await client.query<{ row: string }>(`select to_jsonb(t)::text as row from "${name}" t`);
      rows[name] = result.rows.map((r) => r.row).sort();
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** The embedded PostgreSQL of the running server in DATA_DIR (port from postmaster.pid). */
function embeddedUrl(): string {
  const lines = fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
  const password = fs.readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  return `postgres://wms:${encodeURIComponent(password)}@127.0.0.1:${lines[3]}/postgres`;
}

describe("moving an embedded installation to an external PostgreSQL", () => {
  it("backs up DATA_DIR, restores it into an empty database owned by an ordinary role, and serves it", async () => {
    // The embedded installation, used for a while.
    const embedded = start({ DATA_DIR: dataDir });
    const embeddedBase = await embedded.ready;
    const admin = await signInOverHttp(embeddedBase, "admin", ADMIN.email, ADMIN.password);
    // A session from before the move, kept to be replayed after it.
    const signedIn = await fetch(`${embeddedBase}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "wms" },
      body: JSON.stringify({ portal: "admin", ...ADMIN }),
    });
    const oldCookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(oldCookie).toMatch(/wms_session=.+/);
    const json = async (response: Response, status: number) => {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      return JSON.parse(text);
    };
    await json(
      await admin("/api/staff", {
        method: "POST",
        body: { name: "Moving Mona", email: "mona@example.com", password: "mona's password" },
      }),
      201,
    );
    const warehouse = await json(
      await admin("/api/warehouses", {
        method: "POST",
        body: { name: "MOVED", location: "Sharjah", maxShelves: 2, sectionsPerShelf: 2 },
      }),
      201,
    );
    const item = await json(
      await admin("/api/items", {
        method: "POST",
        body: { itemNo: "MV-1", name: "Moved tea", unit: "kilogram" },
      }),
      201,
    );
    const { locations } = await json(await admin(`/api/locations?warehouseId=${warehouse.id}`), 200);
    await json(
      await admin("/api/purchases", {
        method: "POST",
        body: {
          invoiceNumber: "MOVE-1",
          date: "2026-02-01",
          supplierName: "Mover Supplies",
          notes: "before the move",
          lines: [
            {
              itemId: item.id,
              unitPrice: "4.25",
              allocations: [{ locationId: locations[0].id, quantity: "12.5" }],
            },
          ],
        },
      }),
      201,
    );
    const source = await rowsOf(embeddedUrl());
    // While the server runs, backing up (or restoring into) its data directory is refused, leaving nothing.
    const busy = await cli("backup", ["--out", backupFile], { DATA_DIR: dataDir });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/is running on the data directory .*stop it, run this command again/s);
    expect(fs.readdirSync(root).filter((name) => name.startsWith("move.wmsbackup"))).toEqual([]);
    await stop(embedded);

    // 1. Back up the stopped installation: the command starts the embedded PostgreSQL itself.
    const backup = await cli("backup", ["--out", backupFile], { DATA_DIR: dataDir });
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain(`the embedded PostgreSQL in ${dataDir}`);

    // 2. On the other server: a role and an empty database it owns (no superuser needed afterwards).
    await withAdminClient(adminUrl, async (client) => {
      await client.query(`create role "${role}" login password '${rolePassword}'`);
      await client.query(`create database "${targetName}" owner "${role}"`);
    });
    const target = new URL(databaseUrl(adminUrl, targetName));
    target.username = role;
    target.password = rolePassword;

    // 3. Restore into it.
    const restore = await cli("restore", ["--in", backupFile], { DATABASE_URL: target.toString() });
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain("ledger check passed");
    expect(await rowsOf(target.toString())).toEqual(source);

    // 4. The server on DATABASE_URL (the old DATA_DIR still set, and ignored): the data is there, the
    // passwords work, and the cookie from before the move does not.
    const external = start({ DATABASE_URL: target.toString(), DATA_DIR: dataDir });
    const base = await external.ready;
    const replayed = await fetch(`${base}/api/session`, { headers: { cookie: oldCookie } });
    expect(((await replayed.json()) as { user: unknown }).user, "sessions are not restored").toBeNull();
    const moved = await signInOverHttp(base, "admin", ADMIN.email, ADMIN.password);
    const staff = await json(await moved("/api/staff"), 200);
    expect(staff.staff.map((s: { email: string }) => s.email)).toContain("mona@example.com");
    const items = await json(await moved("/api/items?search=MV-1"), 200);
    expect(items.items).toHaveLength(1);
    await signInOverHttp(base, "staff", "mona@example.com", "mona's password");
    // New writes continue the restored ids.
    const next = await json(
      await moved("/api/items", { method: "POST", body: { itemNo: "MV-2", name: "After the move" } }),
      201,
    );
    expect(next.id).toBeGreaterThan(item.id);
    expect(fs.existsSync(path.join(dataDir, "server.lock")), "DATA_DIR untouched").toBe(false);
    await stop(external);
  }, 90_000);
});
