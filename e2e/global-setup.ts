import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { spawnServer } from "../apps/api/test/process/server-process.ts";
import { databaseUrl, startTestPostgres, withAdminClient } from "../apps/api/test/test-postgres.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { CHROMIUM_PATH } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's database, for tests that must age a record (the delete window uses the database clock). */
    e2eDatabaseUrl: string;
  }
}

const WEB_INDEX = fileURLToPath(new URL("../apps/web/dist/index.html", import.meta.url));

/**
 * Serves the built web app with the real server on a fresh PostgreSQL database for the whole browser
 * run. A missing browser or build fails the run loudly: browser tests are never silently skipped.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: run apt-get install -y chromium`);
  }
  if (!fs.existsSync(WEB_INDEX)) {
    throw new Error("The web app is not built: run npm run build (npm run test:e2e does it first)");
  }
  const postgres = await startTestPostgres();
  const database = `wms_e2e_${process.pid}`;
  await withAdminClient(postgres.adminUrl, (client) => client.query(`create database "${database}"`));
  const url = databaseUrl(postgres.adminUrl, database);
  const server = spawnServer({
    DATABASE_URL: url,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  const baseUrl = await server.ready;
  project.provide("baseUrl", baseUrl);
  project.provide("e2eDatabaseUrl", url);

  return async () => {
    server.child.kill("SIGTERM");
    await server.exited;
    await withAdminClient(postgres.adminUrl, (client) =>
      client.query(`drop database if exists "${database}" with (force)`),
    );
    await postgres.stop();
  };
}
