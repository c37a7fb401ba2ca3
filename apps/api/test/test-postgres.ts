import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../src/db/embedded-postgres.ts";

export interface TestPostgres {
  /** A connection URL to the server's maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server for one test run: TEST_DATABASE_URL when set (an external server), otherwise
 * an embedded server whose data lives in the OS temporary directory and is removed afterwards.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    return { adminUrl: external, stop: async () => {} };
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "wms-test-pg-"));
  fs.chmodSync(root, 0o755);
  const quiet = { info: () => {}, warn: () => {} };
  const server = await startEmbeddedPostgres(path.join(root, "pg"), quiet);
  return {
    adminUrl: server.url,
    stop: async () => {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(
  adminUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
