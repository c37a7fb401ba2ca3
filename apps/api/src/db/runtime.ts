import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import { connectDatabase, type Database } from "./client.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { durabilityWarnings } from "./durability.ts";
import { type EmbeddedServer, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { runMigrations } from "./migrate.ts";

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export interface RuntimeDatabase {
  database: Database;
  /** Where the data lives, for the start-up banner. */
  description: string;
  /** Closes the pool, stops the embedded server cleanly and releases the data directory. */
  shutdown(): Promise<void>;
}

/**
 * The database a server or command runs on: DATABASE_URL when set (no embedded server is started),
 * otherwise the embedded PostgreSQL in DATA_DIR, which this process then owns exclusively.
 * Migrations are applied before anything else touches it.
 */
export async function openRuntimeDatabase(config: Config, log: Logger): Promise<RuntimeDatabase> {
  if (config.databaseUrl) {
    const database = connectDatabase(config.databaseUrl);
    await runMigrations(database);
    await warnAboutDurability(database, log);
    return {
      database,
      description: "the PostgreSQL server at DATABASE_URL",
      shutdown: () => database.close(),
    };
  }

  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o755 });
  const releaseLock = acquireDataDirLock(config.dataDir);
  let embedded: EmbeddedServer | undefined;
  let database: Database | undefined;
  const shutdown = async () => {
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    releaseLock();
  };
  try {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, "pg"), log);
    database = connectDatabase(embedded.url);
    await runMigrations(database);
    await warnAboutDurability(database, log);
    return { database, description: `the embedded PostgreSQL in ${config.dataDir}`, shutdown };
  } catch (error) {
    await shutdown();
    throw error;
  }
}

/** Says loudly when the server may lose or corrupt committed data (db/durability.ts). */
async function warnAboutDurability(database: Database, log: Logger): Promise<void> {
  for (const warning of await durabilityWarnings(database.db)) {
    log.warn(`WARNING: ${warning}`);
  }
}
