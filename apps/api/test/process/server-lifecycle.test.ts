import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isProcessAlive } from "../../src/db/data-dir-lock.ts";
import { type ServerProcess, signInOverHttp, spawnServer } from "./server-process.ts";

/**
 * The real server on its embedded PostgreSQL, as `npm start` runs it: data survives kill -9 (the
 * orphaned database server is recovered at the next start), a second server on the same data
 * directory is refused, and SIGTERM stops everything cleanly.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wms-lifecycle-"));
fs.chmodSync(dataDir, 0o755);
const env = { DATA_DIR: dataDir, ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "owner password 1" };
const started: ServerProcess[] = [];

function start() {
  const server = spawnServer(env);
  started.push(server);
  return server;
}

function postmasterPid(): number | undefined {
  const file = path.join(dataDir, "pg", "postmaster.pid");
  return fs.existsSync(file)
    ? Number.parseInt(fs.readFileSync(file, "utf8").split("\n")[0] ?? "", 10)
    : undefined;
}

afterAll(async () => {
  for (const server of started) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  const orphan = postmasterPid();
  if (orphan && isProcessAlive(orphan)) {
    process.kill(orphan, "SIGINT");
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("keeps data written before a kill -9, refuses a second server, and stops cleanly on SIGTERM", async () => {
    const first = start();
    const base = await first.ready;
    const admin = await signInOverHttp(base, "admin", "owner@example.com", "owner password 1");
    const created = await admin("/api/staff", {
      method: "POST",
      body: { name: "Durable Dana", email: "dana@example.com", password: "long-enough" },
    });
    expect(created.status).toBe(201);

    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already running on the data directory/);

    first.child.kill("SIGKILL");
    await first.exited;
    const orphan = postmasterPid();
    expect(orphan && isProcessAlive(orphan)).toBe(true);

    const third = start();
    const base3 = await third.ready;
    const admin3 = await signInOverHttp(base3, "admin", "owner@example.com", "owner password 1");
    const staff = (await (await admin3("/api/staff")).json()) as { staff: Array<{ email: string }> };
    expect(staff.staff.map((s) => s.email)).toContain("dana@example.com");
    expect(orphan && isProcessAlive(orphan)).toBe(false);

    const newPostmaster = postmasterPid();
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(newPostmaster && isProcessAlive(newPostmaster)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  }, 120_000);
});
