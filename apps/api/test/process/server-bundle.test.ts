import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../context.ts";
import { spawnServer } from "./server-process.ts";

/**
 * The server runs from its bundle in apps/api/dist (decision 022): it finds the files it reads from
 * there as the source does, and serves the web build its configuration names.
 */
const database = await createTestDatabase();
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "wms-web-build-"));
fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>a build of the web app</title>");
afterAll(async () => {
  await database.drop();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe("the server's bundle", () => {
  it("serves the web build named by WEB_DIST_DIR and the API on a migrated database", async () => {
    const server = spawnServer({ DATABASE_URL: database.url, WEB_DIST_DIR: webDir });
    try {
      const base = await server.ready;
      const page = await fetch(`${base}/staff/login`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("a build of the web app");
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 60_000);
});
