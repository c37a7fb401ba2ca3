import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { createBackup, defaultBackupPath } from "../modules/backup/backup.service.ts";
import { openCommandDatabase } from "../modules/backup/command-database.ts";
import { describeVersion } from "../modules/backup/schema-version.ts";

const usage = `Writes a consistent backup of every WMS table to one .wmsbackup file (docs/backup-and-restore.md).

  npm run db:backup                      # backups/wms-<UTC time>.wmsbackup beside DATA_DIR
  npm run db:backup -- --out FILE        # or a file of your choice (never overwritten)

With DATABASE_URL set it reads that server and may run while the WMS server is running.
Without it, it starts the embedded PostgreSQL in DATA_DIR itself, so the WMS server must be stopped
first. No PostgreSQL client tools are needed. The file holds password hashes and personal data:
keep it as private as the database. Exit codes: 0 written, 1 failed (no file left behind), 2 usage.`;

async function main(): Promise<number> {
  let values: { out?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean" } } }));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const now = new Date();
  // A relative --out is taken from where `npm run` was typed (npm itself runs scripts from the root).
  const file = values.out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
    : defaultBackupPath(config.dataDir, now);
  const database = await openCommandDatabase(
    config,
    { info: () => {}, warn: (m) => process.stderr.write(`${m}\n`) },
    "back up",
  );
  try {
    process.stdout.write(`Backing up ${database.description} …\n`);
    const { manifest, cycles } = await createBackup(database.url, file, now);
    for (const table of manifest.tables) {
      process.stdout.write(`  ${table.name}: ${table.rows} rows\n`);
    }
    if (cycles.length > 0) {
      process.stderr.write(
        `Warning: the foreign keys of ${cycles.join(", ")} form a cycle; a restore needs them DEFERRABLE.\n`,
      );
    }
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Backup written: ${file}\n` +
        `  ${manifest.tables.length} tables, ${rows} rows, schema ${describeVersion(manifest.schemaVersion)}, ` +
        `taken at ${manifest.createdAt} from PostgreSQL ${manifest.sourceServer}.\n`,
    );
    return 0;
  } finally {
    await database.shutdown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Backup FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
