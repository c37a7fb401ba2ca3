import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.ts";
import { connectDatabase } from "../../src/db/client.ts";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../src/db/embedded-postgres.ts";
import { runMigrations } from "../../src/db/migrate.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { testConfig } from "../context.ts";
import { request } from "../http.ts";

/**
 * A PostgreSQL restart under a running API: requests meanwhile get a clear 503, and afterwards the
 * same process serves again and its change-event connection comes back, without restarting the API.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "wms-restart-"));
fs.chmodSync(root, 0o755);
const quiet = { info: () => {}, warn: () => {} };
let server: EmbeddedServer = await startEmbeddedPostgres(path.join(root, "pg"), quiet);
const port = Number(new URL(server.url).port);
const database = connectDatabase(server.url, { max: 3 });
await runMigrations(database);
const app = await buildApp({ database, clock: systemClock, config: testConfig(), serveWeb: false });

afterAll(async () => {
  await app.close();
  await database.close();
  await server.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("a database restart", () => {
  it("answers 503 while the database is down and recovers by itself once it is back", async () => {
    expect((await request(app, "GET", "/api/health")).json()).toEqual({ status: "ok", database: "up" });

    await server.stop();
    const down = await request(app, "GET", "/api/app-info");
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe("DATABASE_UNAVAILABLE");
    // Checklist L-1: a generic answer, no driver error, SQL or stack.
    expect(down.body).not.toMatch(/ECONNREFUSED|\bselect\b.*\bfrom\b|\.ts:\d+|at \w+ \(/i);
    expect((await request(app, "GET", "/api/health")).statusCode).toBe(503);

    server = await startEmbeddedPostgres(path.join(root, "pg"), quiet, { port });
    await vi.waitUntil(async () => (await request(app, "GET", "/api/app-info")).statusCode === 200, {
      timeout: 10_000,
      interval: 100,
    });
    expect((await request(app, "GET", "/api/health")).json()).toEqual({ status: "ok", database: "up" });
  }, 60_000);
});
