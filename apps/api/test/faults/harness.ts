import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { vi } from "vitest";
import { connectDatabase, type Database, type Db } from "../../src/db/client.ts";
import { isProcessAlive } from "../../src/db/data-dir-lock.ts";
import { SYSTEM_ACTOR } from "../../src/modules/audit/audit.repository.ts";
import { createItem } from "../../src/modules/items/items.service.ts";
import { createWarehouse } from "../../src/modules/warehouses/warehouses.service.ts";
import { type ServerProcess, spawnServer } from "../process/server-process.ts";

/**
 * Shared pieces of the fault runs: the real server as a child process (with the test-only fault hooks
 * of src/http/fault-injection.ts switched on), a signed-in HTTP client that never throws, a bounded
 * write load that logs every acknowledged id, and the checks run after each fault.
 */
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const ADMIN = { email: "owner@example.com", password: "owner password 1" };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh directory the 'postgres' OS user can enter (the server runs PostgreSQL as it under root). */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export const waitFor = (check: () => Promise<boolean> | boolean, ms: number, pollMs = 50) =>
  vi.waitUntil(check, { timeout: ms, interval: pollMs });

/** The database mode of a run: the embedded PostgreSQL in DATA_DIR, or an external DATABASE_URL. */
export type Target = { dataDir: string } | { databaseUrl: string };

function targetEnv(target: Target): NodeJS.ProcessEnv {
  return "dataDir" in target ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.databaseUrl };
}

/** Every server a test file started, so afterAll can stop whatever is still running. */
const started: ServerProcess[] = [];

export async function startApp(target: Target): Promise<{ server: ServerProcess; base: string }> {
  const server = spawnServer({
    ...targetEnv(target),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WMS_FAULT_INJECTION: "1",
  });
  started.push(server);
  return { server, base: await server.ready };
}

/** Sends `signal` and waits up to `ms` for the exit; resolves with the code, or "timeout". */
export async function stopApp(
  server: ServerProcess,
  signal: NodeJS.Signals = "SIGTERM",
  ms = 30_000,
): Promise<number | null | "timeout"> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return server.child.exitCode;
  }
  server.child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  return result;
}

/** afterAll: SIGTERM every server still running (SIGKILL after 20 s), then stop an orphaned postmaster. */
export async function stopEverything(clusterDir?: string, removeDir?: string) {
  for (const server of started.splice(0)) {
    if ((await stopApp(server, "SIGTERM", 20_000)) === "timeout") {
      await stopApp(server, "SIGKILL");
    }
  }
  const pid = clusterDir ? postmasterPid(clusterDir) : undefined;
  if (pid && isProcessAlive(pid)) {
    process.kill(pid, "SIGINT");
    await waitFor(() => !isProcessAlive(pid), 30_000).catch(() => process.kill(pid, "SIGKILL"));
  }
  if (removeDir) {
    fs.rmSync(removeDir, { recursive: true, force: true });
  }
}

export function postmasterPid(clusterDir: string): number | undefined {
  const file = path.join(clusterDir, "postmaster.pid");
  if (!fs.existsSync(file)) {
    return undefined;
  }
  const pid = Number.parseInt(fs.readFileSync(file, "utf8").split("\n")[0] ?? "", 10);
  return Number.isInteger(pid) ? pid : undefined;
}

/**
 * The cluster state recorded in global/pg_control (ControlFileData.state, after the 8-byte system
 * identifier and two 4-byte version numbers): 1 = shut down cleanly, 6 = in production, which means
 * the next start runs crash recovery. Read directly: the embedded package ships no pg_controldata.
 */
export const CLUSTER_SHUT_DOWN = 1;
export const CLUSTER_IN_PRODUCTION = 6;
export function clusterState(clusterDir: string): number {
  return fs.readFileSync(path.join(clusterDir, "global", "pg_control")).readInt32LE(16);
}

/** A direct connection to the embedded PostgreSQL of a running (or orphaned) server in DATA_DIR. */
export function embeddedUrl(dataDir: string): string {
  const pidFile = fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
  const password = fs.readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  return `postgres://wms:${encodeURIComponent(password)}@127.0.0.1:${pidFile[3]}/postgres`;
}

export async function withDatabase<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const database: Database = connectDatabase(url, { max: 2 });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

export async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${query}) q`);
  return result.rows[0]?.n ?? 0;
}

export interface Stock {
  warehouseName: string;
  locationIds: number[];
  itemIds: number[];
  adminId: number;
}

/** A warehouse (shelves A-C, sections 01-04) and `items` items, written through the services. */
export async function seedStock(db: Db, tag: string, items: number): Promise<Stock> {
  const warehouseName = `${tag} WH`;
  const warehouse = await createWarehouse(
    db,
    { name: warehouseName, location: "Dubai", maxShelves: 3, sectionsPerShelf: 4 },
    SYSTEM_ACTOR,
    [],
  );
  const locations = await db.execute<{ id: number }>(
    sql`select id from locations where warehouse_id = ${warehouse.id} and archived_at is null order by id`,
  );
  const itemIds: number[] = [];
  for (let n = 1; n <= items; n += 1) {
    const item = await createItem(
      db,
      {
        itemNo: `${tag}-IT-${n}`,
        name: `${tag} item ${n}`,
        description: "",
        type: "RAW_MATERIAL",
        unit: "pieces",
        unitPrice: "1",
        minQuantity: "0",
      },
      SYSTEM_ACTOR,
    );
    itemIds.push(item.id);
  }
  const admin = await db.execute<{ id: number }>(sql`select id from users where email = ${ADMIN.email}`);
  return {
    warehouseName,
    locationIds: locations.rows.map((row) => row.id),
    itemIds,
    adminId: admin.rows[0]?.id ?? 0,
  };
}

export interface Answer {
  /** The HTTP status, or 0 when the connection failed (refused, reset, closed without an answer). */
  status: number;
  body: unknown;
  /** The error code of an API error body, or the network error's code. */
  code?: string;
}

export type Client = (
  method: string,
  url: string,
  init?: { json?: unknown; csv?: string; headers?: Record<string, string>; timeoutMs?: number },
) => Promise<Answer>;

/** Signs in as the first administrator over HTTP; the client answers every outcome, never throws. */
export async function signIn(base: string): Promise<Client> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "wms" },
    body: JSON.stringify({ portal: "admin", ...ADMIN }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  }
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return async (method, url, init = {}) => {
    const headers: Record<string, string> = { "x-requested-with": "wms", cookie, ...init.headers };
    let body: string | undefined;
    if (init.csv !== undefined) {
      headers["content-type"] = "text/csv";
      body = init.csv;
    } else if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    try {
      const answer = await fetch(`${base}${url}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
      });
      const text = await answer.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      const code = (parsed as { error?: { code?: string } } | null)?.error?.code;
      return { status: answer.status, body: parsed, ...(code ? { code } : {}) };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { status: 0, body: null, code: cause?.code ?? cause?.message ?? String(error) };
    }
  };
}

export interface LoadLog {
  /** Movement ids the API acknowledged with 201. */
  acknowledged: number[];
  /** Every answer's status (0 = no answer), with the API error code or network error where there was one. */
  answers: Array<{ status: number; code?: string; at: number }>;
  sent: number;
}

/**
 * A bounded write load: `workers` clients each record "received 1" movements, one at a time, each with
 * its own Idempotency-Key, until `stop()` says so, `maxMs` passes or `maxRequests` were sent. Network
 * failures back off 50 ms. Every 201's movement id goes into the acknowledged log.
 */
export async function writeLoad(
  client: () => Client,
  stock: Stock,
  options: { workers: number; maxMs: number; maxRequests: number; reason: string; stop?: () => boolean },
): Promise<LoadLog> {
  const log: LoadLog = { acknowledged: [], answers: [], sent: 0 };
  const started = Date.now();
  const worker = async (w: number) => {
    for (let n = 0; ; n += 1) {
      if (options.stop?.() || Date.now() - started > options.maxMs || log.sent >= options.maxRequests) {
        return;
      }
      log.sent += 1;
      const answer = await client()("POST", "/api/movements", {
        json: {
          type: "received",
          itemId: stock.itemIds[(w + n) % stock.itemIds.length],
          quantity: "1",
          toLocationId: stock.locationIds[n % stock.locationIds.length],
          managedBy: stock.adminId,
          reason: options.reason,
        },
        headers: { "idempotency-key": `${options.reason.replaceAll(" ", "-")}-${w}-${n}-${started}` },
        timeoutMs: 30_000,
      });
      log.answers.push({
        status: answer.status,
        at: Date.now() - started,
        ...(answer.code ? { code: answer.code } : {}),
      });
      if (answer.status === 201) {
        log.acknowledged.push((answer.body as { id: number }).id);
      } else if (answer.status === 0) {
        await sleep(50);
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  return log;
}

/** Status -> how many answers had it (0 = no answer), e.g. { "201": 812, "503": 40 }. */
export function tally(log: LoadLog): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of log.answers) {
    const key =
      answer.code && answer.status !== 201 ? `${answer.status} ${answer.code}` : String(answer.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The acknowledged ids the database does not hold (must be empty). */
export async function missingAcknowledged(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const found = await db.execute<{ id: number }>(
    sql`select id::int from stock_movements where id = any(${`{${ids.join(",")}}`}::bigint[])`,
  );
  const present = new Set(found.rows.map((row) => Number(row.id)));
  return ids.filter((id) => !present.has(id));
}

/** `npm run check:ledger` against the target (for DATA_DIR the server must be stopped: it takes the lock). */
export async function checkLedger(target: Target): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...targetEnv(target) };
  if ("dataDir" in target) {
    delete env.DATABASE_URL;
  }
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["run", "--silent", "check:ledger"], {
      cwd: REPO_ROOT,
      env,
      timeout: 120_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/** The distinct errors the server logged as unexpected (each was answered 500), from its output. */
export function unexpectedErrors(output: string): string[] {
  const messages = new Set<string>();
  for (const line of output.split("\n")) {
    if (line.includes('"msg":"unhandled error"') || line.includes('"msg":"bulk upload failed"')) {
      const parsed = JSON.parse(line) as { err?: { message?: string; cause?: { message?: string } } };
      const code = /"code":"([0-9A-Z]{5})"/.exec(line)?.[1] ?? "";
      const message = parsed.err?.cause?.message ?? parsed.err?.message ?? "";
      messages.add(`${code} ${message.split("\n")[0]}`.trim());
    }
  }
  return [...messages];
}

/** How many answers of each status-and-code fall outside `allowed` (empty when all are allowed). */
export function outside(answers: Array<{ status: number; code?: string }>, allowed: string[]) {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status === 201 ? "201" : `${answer.status} ${answer.code ?? ""}`.trim();
    if (!allowed.includes(key)) {
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}
