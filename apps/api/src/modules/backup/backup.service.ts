import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { describeTables, exportQuery, listOwnedSequences, quoteIdent, SESSION_SETTINGS } from "./catalog.ts";
import { countNewlines, DATA_FRAME_BYTES, FORMAT_VERSION, FrameWriter } from "./format.ts";
import type { BackupHeader, BackupManifest, SequenceState, TableSummary } from "./manifest.ts";
import { appliedMigrations, toSchemaVersion } from "./schema-version.ts";

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** Tables whose foreign keys form a cycle (restored with deferred constraints), usually none. */
  cycles: string[];
}

/** `backups/wms-20260521T101530Z.wmsbackup` beside the data directory (not inside it). */
export function defaultBackupPath(dataDir: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
  return path.join(path.dirname(dataDir), "backups", `wms-${stamp}.wmsbackup`);
}

/**
 * Writes every application table of the database at `url` to `file`, from one REPEATABLE READ READ
 * ONLY snapshot through COPY ... TO STDOUT. The file appears under its name only once complete and
 * fsynced; until then it is `file.partial`, which a failure removes. Never overwrites a file.
 */
export async function createBackup(url: string, file: string, now = new Date()): Promise<BackupResult> {
  if (fs.existsSync(file)) {
    throw new Error(`${file} already exists; choose another --out file.`);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });

  const client = new pg.Client({ connectionString: url, application_name: "wms-backup", keepAlive: true });
  await client.connect();
  let writer: FrameWriter | undefined;
  try {
    await client.query("begin isolation level repeatable read read only");
    for (const setting of SESSION_SETTINGS) {
      await client.query(setting);
    }
    const { tables, cycles } = await describeTables(client);
    if (tables.length > 0) {
      // As pg_dump does: no table can be altered or dropped under the export.
      await client.query(
        `lock table ${tables.map((t) => quoteIdent(t.name)).join(", ")} in access share mode`,
      );
    }
    const server = await client.query<{ server_version: string }>("show server_version");
    const header: BackupHeader = {
      format: "wms-backup",
      formatVersion: FORMAT_VERSION,
      createdAt: now.toISOString(),
      sourceServer: server.rows[0]?.server_version ?? "unknown",
      schemaVersion: toSchemaVersion(await appliedMigrations(client)),
      tables,
    };

    writer = await FrameWriter.create(partial);
    await writer.json("H", header);
    const summaries: TableSummary[] = [];
    for (const table of tables) {
      await writer.json("T", { name: table.name });
      summaries.push(await exportTable(client, writer, table));
    }
    const sequences = await readSequences(client);
    const manifest: BackupManifest = {
      ...header,
      tables: tables.map((table, index) => {
        const { name: _name, ...summary } = summaries[index] as TableSummary;
        return { ...table, ...summary };
      }),
      sequences,
    };
    await writer.json("M", manifest);
    await client.query("commit");
    await writer.finish();
    writer = undefined;
    fs.renameSync(partial, file);
    syncDirectory(path.dirname(file));
    return { file, manifest, cycles };
  } catch (error) {
    await writer?.abort();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function exportTable(
  client: pg.Client,
  writer: FrameWriter,
  table: BackupHeader["tables"][number],
): Promise<TableSummary> {
  const hash = createHash("sha256");
  let rows = 0;
  let bytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes > 0) {
      await writer.frame("D", Buffer.concat(pending, pendingBytes));
      pending = [];
      pendingBytes = 0;
    }
  };
  const stream = client.query(copyTo(exportQuery(table)));
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    rows += countNewlines(chunk);
    bytes += chunk.length;
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= DATA_FRAME_BYTES) {
      await flush();
    }
  }
  await flush();
  if (stream.rowCount !== rows) {
    throw new Error(`table ${table.name}: the server sent ${stream.rowCount} rows but ${rows} were read`);
  }
  const summary = { name: table.name, rows, bytes, sha256: hash.digest("hex") };
  await writer.json("E", summary);
  return summary;
}

async function readSequences(client: pg.Client): Promise<SequenceState[]> {
  const states: SequenceState[] = [];
  for (const sequence of await listOwnedSequences(client)) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${quoteIdent(sequence.name)}`,
    );
    const row = rows[0];
    states.push({ ...sequence, lastValue: row?.is_called ? row.last_value : null });
  }
  return states;
}

function syncDirectory(directory: string): void {
  try {
    const fd = fs.openSync(directory, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a directory; the file itself is already on disk.
  }
}
