import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { connectDatabase, type Database } from "../src/db/client.ts";
import { TestClock } from "./test-clock.ts";
import { databaseUrl, withAdminClient } from "./test-postgres.ts";

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Database["db"];
  clock: TestClock;
  config: Config;
  /** The connection URL of this file's own database. */
  url: string;
}

/** A fresh database cloned from the migrated template, so test files never see each other's rows. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject("postgresAdminUrl");
  const template = inject("templateDatabase");
  const name = `${template}_f_${randomBytes(4).toString("hex")}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`create database "${name}" template "${template}"`),
  );
  return {
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).then(() => {}),
  };
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", ...overrides });
}

/**
 * The API built in-process over this test file's own database, driven with app.inject(). Call once per
 * file at top level; everything is torn down after the file's tests.
 */
export async function createTestContext(env: NodeJS.ProcessEnv = {}): Promise<TestContext> {
  const { url, drop } = await createTestDatabase();
  const database = connectDatabase(url, { max: 5 });
  const clock = new TestClock();
  const config = testConfig(env);
  const app = await buildApp({ database, clock, config, serveWeb: false });
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
  });
  return { app, database, db: database.db, clock, config, url };
}
