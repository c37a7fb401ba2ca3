import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isProcessAlive } from "./data-dir-lock.ts";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";

/**
 * Reliability checklist F2 (its PostgreSQL form): whatever happened to a data directory, the WMS never
 * silently starts over with an empty database in it. A directory that holds files but no cluster (a
 * damaged or half-deleted one) is refused with the reason, and nothing in it is touched. And stopping
 * a server whose postmaster already died (kill -9, a PANIC) returns at once instead of hanging the
 * shutdown (fault-run bug 6).
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "wms-no-reinit-"));
fs.chmodSync(root, 0o755);
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("the embedded PostgreSQL on a damaged data directory", () => {
  it("refuses to initialise over files that are not a cluster, and leaves them as they were", async () => {
    const clusterDir = path.join(root, "pg");
    fs.mkdirSync(path.join(clusterDir, "base", "5"), { recursive: true });
    fs.writeFileSync(path.join(clusterDir, "base", "5", "16384"), "table data");
    fs.writeFileSync(path.join(clusterDir, "postgresql.conf"), "# kept\n");
    const before = fs.readdirSync(clusterDir, { recursive: true }).sort();

    const quiet = { info: () => {}, warn: () => {} };
    await expect(startEmbeddedPostgres(clusterDir, quiet)).rejects.toThrow(
      /holds files but no PostgreSQL cluster; refusing to initialise over them/,
    );
    expect(fs.readdirSync(clusterDir, { recursive: true }).sort()).toEqual(before);
    expect(fs.readFileSync(path.join(clusterDir, "base", "5", "16384"), "utf8")).toBe("table data");
  });
});

describe("stopping the embedded PostgreSQL", () => {
  it("returns at once when its postmaster has already died", async () => {
    const clusterDir = path.join(root, "dead");
    const server = await startEmbeddedPostgres(clusterDir, { info: () => {}, warn: () => {} });
    const pid = Number.parseInt(fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8"), 10);
    process.kill(pid, "SIGKILL");
    for (let n = 0; isProcessAlive(pid) && n < 100; n += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const started = Date.now();
    await server.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 60_000);
});
