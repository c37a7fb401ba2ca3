import fs from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { ADVISORY_LOCKS } from "../../db/advisory-locks.ts";
import { MIGRATIONS_DIR } from "../../package-paths.ts";

/** One applied migration as drizzle records it in drizzle.__drizzle_migrations, plus its file's tag. */
export interface MigrationRef {
  /** The migration's file name without .sql, or null when this code does not know it. */
  tag: string | null;
  /** SHA-256 of the migration file, as drizzle computes it. */
  hash: string;
  /** The journal's "when" (drizzle's created_at): migrations apply in this order. */
  createdAt: number;
}

export interface SchemaVersion {
  /** The tag of the last applied migration (null for a database with none). */
  latest: string | null;
  migrations: MigrationRef[];
}

interface CodeMigration extends MigrationRef {
  tag: string;
  statements: string[];
}

/** drizzle's migration bookkeeping, created exactly as drizzle's migrator creates it. */
const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";
/** The advisory lock runMigrations (db/migrate.ts) holds while migrating; keep the two equal. */
const MIGRATION_LOCK_KEY = ADVISORY_LOCKS.migrations;

/** The migrations this code ships, in order. */
export function codeMigrations(folder = MIGRATIONS_DIR): CodeMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return files.map((file, index) => ({
    tag: journal.entries[index]?.tag ?? `#${index}`,
    hash: file.hash,
    createdAt: file.folderMillis,
    statements: file.sql,
  }));
}

/** The migrations applied to the connected database, oldest first (none when drizzle never ran). */
export async function appliedMigrations(client: pg.ClientBase): Promise<MigrationRef[]> {
  const exists = await client.query<{ present: boolean }>("select to_regclass($1) is not null as present", [
    MIGRATIONS_TABLE,
  ]);
  if (!exists.rows[0]?.present) {
    return [];
  }
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at::text from ${MIGRATIONS_TABLE} order by created_at, id`,
  );
  const known = codeMigrations();
  return rows.map((row) => {
    const createdAt = Number(row.created_at);
    const match = known.find((m) => m.createdAt === createdAt && m.hash === row.hash);
    return { tag: match?.tag ?? null, hash: row.hash, createdAt };
  });
}

export function toSchemaVersion(migrations: MigrationRef[]): SchemaVersion {
  return { latest: migrations.at(-1)?.tag ?? null, migrations };
}

export function describeVersion(version: SchemaVersion): string {
  const last = version.migrations.at(-1);
  if (!last) {
    return "no migrations";
  }
  return `${last.tag ?? `an unknown migration (${last.hash.slice(0, 12)})`}, ${version.migrations.length} migration(s)`;
}

function sameMigration(a: MigrationRef, b: MigrationRef): boolean {
  return a.createdAt === b.createdAt && a.hash === b.hash;
}

/**
 * The code's migrations that make up `wanted`, or a reason this code cannot build that schema:
 * the backup comes from a newer release, or from a different migration history.
 */
export function resolveMigrations(wanted: SchemaVersion): CodeMigration[] | string {
  const code = codeMigrations();
  const lastKnown = code.at(-1)?.tag ?? "none";
  for (const [index, migration] of wanted.migrations.entries()) {
    const local = code[index];
    if (!local) {
      return (
        `this backup was made by a newer release of the WMS: its schema is ${describeVersion(wanted)}, ` +
        `but this installation only knows migrations up to ${lastKnown}. ` +
        "Update this installation to the release that made the backup (or later), then restore again."
      );
    }
    if (!sameMigration(local, migration)) {
      return (
        `migration ${index + 1} of the backup (${migration.tag ?? migration.hash.slice(0, 12)}) differs from ` +
        `this installation's ${local.tag}: the backup belongs to a different build of the WMS.`
      );
    }
  }
  return code.slice(0, wanted.migrations.length);
}

/**
 * Inside the caller's transaction: applies `target` (a prefix of the code's migrations) on top of what
 * the database already has, as drizzle's migrator would, and records them in drizzle's table. Returns
 * an error message instead when the database already has migrations beyond or outside `target`.
 */
export async function migrateTo(
  client: pg.ClientBase,
  target: CodeMigration[],
): Promise<{ applied: number } | string> {
  await client.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
  const existing = await appliedMigrations(client);
  if (existing.length > target.length) {
    return (
      `the target database is already at a newer schema (${describeVersion(toSchemaVersion(existing))}) ` +
      `than the backup (${describeVersion(toSchemaVersion(target))}). Restore into a new, empty database ` +
      "instead: the server upgrades the restored data to its own schema when it starts."
    );
  }
  for (const [index, migration] of existing.entries()) {
    const wanted = target[index];
    if (!wanted || !sameMigration(wanted, migration)) {
      return "the target database has a different migration history from the backup's; restore into a new, empty database.";
    }
  }
  await client.query("create schema if not exists drizzle");
  await client.query(`create table if not exists ${MIGRATIONS_TABLE} (
    id serial primary key, hash text not null, created_at bigint)`);
  const pending = target.slice(existing.length);
  for (const migration of pending) {
    for (const statement of migration.statements) {
      if (statement.trim()) {
        await client.query(statement);
      }
    }
    await client.query(`insert into ${MIGRATIONS_TABLE} (hash, created_at) values ($1, $2)`, [
      migration.hash,
      migration.createdAt,
    ]);
  }
  return { applied: pending.length };
}
