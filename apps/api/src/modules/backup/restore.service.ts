import { createHash } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isDeepStrictEqual } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { findLedgerViolations } from "../stock/ledger-invariants.ts";
import {
  describeTables,
  exportQuery,
  listApplicationTables,
  quoteIdent,
  SESSION_SETTINGS,
} from "./catalog.ts";
import { BackupFormatError, countNewlines, FORMAT_VERSION, FrameReader, parseJsonFrame } from "./format.ts";
import type { BackupHeader, BackupManifest, TableSummary } from "./manifest.ts";
import { codeMigrations, describeVersion, migrateTo, resolveMigrations } from "./schema-version.ts";

/**
 * Tables whose rows a restore reads and verifies but does not load (reliability checklist BK-4):
 * sign-in sessions, so that a restore signs everyone out and a cookie from before it is worthless.
 */
export const NOT_RESTORED = new Set(["sessions"]);

/** A restore that did not happen; the target database is exactly as it was. */
export class RestoreRefused extends Error {}

/**
 * Reads the whole file once without touching any database: the framing, gzip's CRC, every table's
 * row count and SHA-256 against the manifest. Returns the manifest; throws RestoreRefused otherwise.
 */
export async function verifyBackupFile(file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) {
    throw new RestoreRefused(`There is no backup file ${file}.`);
  }
  const reader = new FrameReader(file);
  try {
    await reader.readMagic();
    const header = parseJsonFrame<BackupHeader>(await reader.expect("H"));
    if (
      header.format !== "wms-backup" ||
      !Array.isArray(header.tables) ||
      !Array.isArray(header.schemaVersion?.migrations)
    ) {
      throw new BackupFormatError("the file is damaged (its header is not a WMS backup header)");
    }
    if (header.formatVersion !== FORMAT_VERSION) {
      throw new BackupFormatError(
        `this file has backup format ${String(header.formatVersion)}; this release reads format ${FORMAT_VERSION}`,
      );
    }
    const summaries: TableSummary[] = [];
    for (const table of header.tables) {
      const summary: { value?: TableSummary } = {};
      for await (const _piece of tableData(reader, table.name, summary)) {
        // Only the checksum matters here.
      }
      summaries.push(summary.value as TableSummary);
    }
    const manifest = parseJsonFrame<BackupManifest>(await reader.expect("M"));
    if (await reader.next()) {
      throw new BackupFormatError("the file is damaged (data follows its manifest)");
    }
    const { tables: headerTables, ...headerRest } = header;
    const { tables: manifestTables, sequences: _sequences, ...manifestRest } = manifest;
    const consistent =
      isDeepStrictEqual(headerRest, manifestRest) &&
      manifestTables.length === headerTables.length &&
      manifestTables.every((table, index) => {
        const { rows, bytes, sha256, ...shape } = table;
        const summary = summaries[index];
        return (
          isDeepStrictEqual(shape, headerTables[index]) &&
          summary?.rows === rows &&
          summary.bytes === bytes &&
          summary.sha256 === sha256
        );
      });
    if (!consistent) {
      throw new BackupFormatError("the file is damaged (its manifest does not match its contents)");
    }
    return manifest;
  } catch (error) {
    if (error instanceof BackupFormatError) {
      throw new RestoreRefused(`The backup ${file} cannot be used: ${error.message}.`);
    }
    throw error;
  } finally {
    reader.close();
  }
}

/**
 * One table's T, D* and E frames: yields each data piece (for COPY FROM STDIN, or to be discarded)
 * and, at the end, throws on a row count or SHA-256 that differs from the table's E frame.
 */
async function* tableData(
  reader: FrameReader,
  name: string,
  summary: { value?: TableSummary } = {},
): AsyncGenerator<Buffer> {
  const start = parseJsonFrame<{ name: string }>(await reader.expect("T"));
  if (start.name !== name) {
    throw new BackupFormatError(`the file is damaged (table ${start.name} found where ${name} belongs)`);
  }
  const hash = createHash("sha256");
  let rows = 0;
  let bytes = 0;
  for (;;) {
    const frame = await reader.next();
    if (frame?.kind === "D") {
      hash.update(frame.payload);
      rows += countNewlines(frame.payload);
      bytes += frame.payload.length;
      yield frame.payload;
      continue;
    }
    if (frame?.kind !== "E") {
      throw new BackupFormatError(`the file is damaged (the rows of ${name} are cut short)`);
    }
    const end = parseJsonFrame<TableSummary>(frame);
    const actual = { name, rows, bytes, sha256: hash.digest("hex") };
    if (!isDeepStrictEqual(end, actual)) {
      throw new BackupFormatError(
        `the rows of table ${name} do not match their checksum (${rows} rows read, ${end.rows} recorded)`,
      );
    }
    summary.value = actual;
    return;
  }
}

export interface RestoreReport {
  manifest: BackupManifest;
  migrationsApplied: number;
  /** Migrations of this release newer than the backup, applied after the rows were loaded. */
  upgradedTo: string | null;
  sequencesReset: number;
}

/**
 * Restores `file` into the database at `url` in ONE transaction: refuses unless the database holds no
 * application rows; migrates it to the backup's schema version; loads every table (but NOT_RESTORED)
 * with COPY FROM STDIN; sets every serial/identity sequence past the highest id; checks row counts and re-exports
 * each table to compare its SHA-256; brings the schema up to this release's; runs the ledger check.
 * Anything wrong rolls the whole transaction back, leaving the database as it was.
 */
export async function restoreBackup(
  url: string,
  file: string,
  log: (message: string) => void = () => {},
): Promise<RestoreReport> {
  const manifest = await verifyBackupFile(file);
  const migrations = resolveMigrations(manifest.schemaVersion);
  if (typeof migrations === "string") {
    throw new RestoreRefused(`Restore refused: ${migrations}`);
  }
  log(
    `Backup verified: ${manifest.tables.length} tables, schema ${describeVersion(manifest.schemaVersion)}.`,
  );

  const client = new pg.Client({ connectionString: url, application_name: "wms-restore", keepAlive: true });
  await client.connect();
  try {
    await client.query("begin isolation level read committed");
    for (const setting of SESSION_SETTINGS) {
      await client.query(setting);
    }
    await assertEmptyTarget(client);
    const migrated = await migrateTo(client, migrations);
    if (typeof migrated === "string") {
      throw new RestoreRefused(`Restore refused: ${migrated}`);
    }
    await assertSameTables(client, manifest);
    // Only matters for foreign keys in a cycle (declared DEFERRABLE); a no-op otherwise.
    await client.query("set constraints all deferred");

    const reader = new FrameReader(file);
    try {
      await reader.readMagic();
      await reader.expect("H");
      for (const table of manifest.tables) {
        if (NOT_RESTORED.has(table.name)) {
          for await (const _piece of tableData(reader, table.name)) {
            // Verified, not loaded.
          }
          log(`  ${table.name}: ${table.rows} rows verified, not restored (everyone signs in again)`);
          continue;
        }
        const columns = table.columns.map((column) => quoteIdent(column.name)).join(", ");
        const copy = client.query(copyFrom(`copy ${quoteIdent(table.name)} (${columns}) from stdin`));
        await pipeline(Readable.from(tableData(reader, table.name)), copy);
        if (copy.rowCount !== table.rows) {
          throw new Error(`table ${table.name}: ${copy.rowCount} rows loaded, ${table.rows} in the backup`);
        }
        log(`  ${table.name}: ${table.rows} rows`);
      }
    } catch (error) {
      throw error instanceof BackupFormatError
        ? new RestoreRefused(`The backup ${file} cannot be used: ${error.message}.`)
        : error;
    } finally {
      reader.close();
    }

    await verifyLoadedTables(client, manifest);
    const sequencesReset = await resetSequences(client, manifest);

    const code = codeMigrations();
    let upgradedTo: string | null = null;
    if (code.length > migrations.length) {
      const upgraded = await migrateTo(client, code);
      if (typeof upgraded === "string") {
        throw new Error(upgraded);
      }
      upgradedTo = code.at(-1)?.tag ?? null;
    }

    const violations = await findLedgerViolations(drizzle(client));
    if (violations.length > 0) {
      throw new RestoreRefused(
        `Restore rolled back: the ledger check found ${violations.length} violation(s):\n` +
          violations.map((v) => `  ${v.invariant}: ${v.detail}`).join("\n"),
      );
    }
    await client.query("commit");
    return { manifest, migrationsApplied: migrated.applied, upgradedTo, sequencesReset };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Refuses a database that holds any application row, or tables that are not the WMS's. */
async function assertEmptyTarget(client: pg.Client): Promise<void> {
  const tables = await listApplicationTables(client);
  if (tables.length === 0) {
    return;
  }
  const history = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!history.rows[0]?.present) {
    throw new RestoreRefused(
      `Restore refused: the target database has tables (${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", …" : ""}) ` +
        "but no WMS migration history. Restore into a new, empty database.",
    );
  }
  // Nobody may write to these tables while we look at them and load them.
  await client.query(
    `lock table ${tables.map((name) => quoteIdent(name)).join(", ")} in access exclusive mode nowait`,
  );
  const filled: string[] = [];
  for (const name of tables) {
    const { rows } = await client.query<{ any: boolean }>(
      `select exists (select 1 from ${quoteIdent(name)}) as any`,
    );
    if (rows[0]?.any) {
      filled.push(name);
    }
  }
  if (filled.length > 0) {
    throw new RestoreRefused(
      `Restore refused: the target database is not empty (rows in ${filled.join(", ")}). ` +
        "Restore only into a new, empty database; nothing was changed.",
    );
  }
}

/** After migrating: the target's tables and columns are exactly the backup's. */
async function assertSameTables(client: pg.Client, manifest: BackupManifest): Promise<void> {
  const { tables } = await describeTables(client);
  const target = new Map(tables.map((table) => [table.name, table]));
  const problems: string[] = [];
  for (const table of manifest.tables) {
    const found = target.get(table.name);
    if (!found) {
      problems.push(`table ${table.name} is missing`);
    } else if (!isDeepStrictEqual(found.columns, table.columns)) {
      problems.push(`table ${table.name} has different columns`);
    }
    target.delete(table.name);
  }
  for (const name of target.keys()) {
    problems.push(`table ${name} is not in the backup`);
  }
  if (problems.length > 0) {
    throw new RestoreRefused(
      `Restore refused: at the backup's schema version the target's tables differ from the backup's: ${problems.join("; ")}.`,
    );
  }
}

/** Row counts, then a re-export of every table compared byte for byte (by SHA-256) with the backup. */
async function verifyLoadedTables(client: pg.Client, manifest: BackupManifest): Promise<void> {
  for (const table of manifest.tables) {
    const { rows } = await client.query<{ count: string }>(
      `select count(*)::text as count from ${quoteIdent(table.name)}`,
    );
    const expected = NOT_RESTORED.has(table.name) ? 0 : table.rows;
    if (Number(rows[0]?.count) !== expected) {
      throw new Error(`table ${table.name}: ${rows[0]?.count} rows after loading, ${expected} expected`);
    }
    if (table.primaryKey.length === 0 || NOT_RESTORED.has(table.name)) {
      continue; // No stable row order to compare in; the count and the file's checksum stand.
    }
    const hash = createHash("sha256");
    for await (const chunk of client.query(copyTo(exportQuery(table))) as AsyncIterable<Buffer>) {
      hash.update(chunk);
    }
    if (hash.digest("hex") !== table.sha256) {
      throw new Error(`table ${table.name}: the restored rows do not match the backup's checksum`);
    }
  }
}

/** Every serial/identity sequence of the target continues after max(id) and after the source's value. */
async function resetSequences(client: pg.Client, manifest: BackupManifest): Promise<number> {
  const { rows: sequences } = await client.query<{ name: string; table: string; column: string }>(`
    select s.relname as name, t.relname as table, a.attname as column
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace
    join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and n.nspname = 'public'`);
  let reset = 0;
  for (const sequence of sequences) {
    const recorded = manifest.sequences.find((s) => s.name === sequence.name)?.lastValue ?? null;
    const { rows } = await client.query<{ value: string | null }>(
      `select greatest((select max(${quoteIdent(sequence.column)}) from ${quoteIdent(sequence.table)})::bigint,
                       $1::bigint)::text as value`,
      [recorded],
    );
    const value = rows[0]?.value ?? null;
    if (value !== null) {
      await client.query("select setval($1::regclass, $2::bigint, true)", [quoteIdent(sequence.name), value]);
      reset += 1;
    }
  }
  return reset;
}
