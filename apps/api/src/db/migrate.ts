import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../package-paths.ts";
import { ADVISORY_LOCKS } from "./advisory-locks.ts";
import type { Database } from "./client.ts";

const MIGRATION_LOCK_KEY = ADVISORY_LOCKS.migrations;

/**
 * Applies the committed migrations, one process at a time. They run on a connection of their own,
 * without the request traffic's statement timeout: a migration may rewrite or index a big table.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = new pg.Client({
    connectionString: database.url,
    application_name: "wms-migrate",
    keepAlive: true,
  });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}
