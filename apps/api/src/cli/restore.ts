import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openCommandDatabase } from "../modules/backup/command-database.ts";
import { RestoreRefused, restoreBackup, verifyBackupFile } from "../modules/backup/restore.service.ts";
import { describeVersion } from "../modules/backup/schema-version.ts";

const usage = `Restores a .wmsbackup file into an EMPTY database (docs/backup-and-restore.md).

  npm run db:restore -- --in FILE            # into DATABASE_URL, or the embedded PostgreSQL in DATA_DIR
  npm run db:restore -- --in FILE --check    # only verify the file; no database is touched

The target must hold no WMS rows (a new database, or a new DATA_DIR); anything else is refused and left
unchanged. The restore migrates the target to the backup's schema version, loads every table, resets the
id sequences, verifies row counts and checksums, applies this release's newer migrations, and runs the
ledger check, all in one transaction: it either completes or changes nothing. Sign-in sessions are not
restored, so everyone signs in again.
Without DATABASE_URL the WMS server on DATA_DIR must be stopped.
Exit codes: 0 restored (or verified), 1 refused or failed (target unchanged), 2 usage.`;

async function main(): Promise<number> {
  let values: { in?: string | undefined; check?: boolean | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: { in: { type: "string" }, check: { type: "boolean" }, help: { type: "boolean" } },
    }));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (!values.in) {
    process.stderr.write(`Name the backup to restore with --in FILE.\n\n${usage}\n`);
    return 2;
  }
  // A relative --in is taken from where `npm run` was typed (npm itself runs scripts from the root).
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.in);
  if (values.check) {
    const manifest = await verifyBackupFile(file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Backup OK: ${file}\n  taken at ${manifest.createdAt}, schema ${describeVersion(manifest.schemaVersion)}, ` +
        `${manifest.tables.length} tables, ${rows} rows; every table's checksum matches.\n`,
    );
    return 0;
  }
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const database = await openCommandDatabase(
    config,
    { info: (m) => process.stdout.write(`${m}\n`), warn: (m) => process.stderr.write(`${m}\n`) },
    "restore into",
  );
  try {
    process.stdout.write(`Restoring ${file} into ${database.description} …\n`);
    const report = await restoreBackup(database.url, file, (m) => process.stdout.write(`${m}\n`));
    const rows = report.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Restore complete: ${report.manifest.tables.length} tables, ${rows} rows, row counts and checksums verified, ` +
        `${report.sequencesReset} id sequence(s) reset, ledger check passed (I1-I6).\n` +
        (report.upgradedTo
          ? `  The schema was then upgraded to this release's ${report.upgradedTo}.\n`
          : "") +
        "  Sign-in sessions are not restored: start the server and sign in again.\n",
    );
    return 0;
  } finally {
    await database.shutdown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      error instanceof RestoreRefused
        ? `${message}\n`
        : `Restore FAILED and was rolled back; the target database is unchanged: ${message}\n`,
    );
    process.exit(1);
  },
);
