import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.ts";
import { acquireDataDirLock, DataDirInUseError } from "../../db/data-dir-lock.ts";
import { type EmbeddedServer, startEmbeddedPostgres } from "../../db/embedded-postgres.ts";

export interface CommandDatabase {
  url: string;
  /** "the embedded PostgreSQL in …" or "the PostgreSQL server at DATABASE_URL", for messages. */
  description: string;
  embedded: boolean;
  shutdown(): Promise<void>;
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The database a backup or restore works on, like openRuntimeDatabase (db/runtime.ts) but without
 * migrating it: a backup must not change its source, and a restore migrates to the backup's version.
 * With DATABASE_URL the command runs beside a live server. Without it, it starts the embedded server
 * in DATA_DIR itself, which needs the data directory's lock: the WMS server must be stopped first.
 */
export async function openCommandDatabase(
  config: Config,
  log: Logger,
  action: "back up" | "restore into",
): Promise<CommandDatabase> {
  if (config.databaseUrl) {
    return {
      url: config.databaseUrl,
      description: "the PostgreSQL server at DATABASE_URL",
      embedded: false,
      shutdown: async () => {},
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o755 });
  let releaseLock: () => void;
  try {
    releaseLock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(
        `The WMS server (process ${error.pid}) is running on the data directory ${config.dataDir}. ` +
          `The embedded database can only be ${action === "back up" ? "backed up" : "restored"} while the server is stopped: ` +
          "stop it, run this command again, then start the server. (An installation on an external " +
          "PostgreSQL, DATABASE_URL, can be backed up while its server runs.)",
      );
    }
    throw error;
  }
  let embedded: EmbeddedServer | undefined;
  const shutdown = async () => {
    await embedded?.stop().catch(() => {});
    releaseLock();
  };
  try {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, "pg"), log);
    return {
      url: embedded.url,
      description: `the embedded PostgreSQL in ${config.dataDir}`,
      embedded: true,
      shutdown,
    };
  } catch (error) {
    await shutdown();
    throw error;
  }
}
