import { loadConfig } from "../config.ts";
import { openRuntimeDatabase } from "../db/runtime.ts";
import { checkLedger } from "../modules/stock/ledger-invariants.ts";

/**
 * `npm run check:ledger`: verifies the ledger invariants (DESIGN.md section 4) on the configured
 * database, embedded or DATABASE_URL, and exits non-zero naming every violating row: I1-I3 and I6 on
 * the balances and movements, I4 (a movement reversed at most once) on the deletion marks and their
 * audit records, I5 (one movement set per idempotency key) on the stored keys and their answers.
 */
async function main(): Promise<number> {
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const runtime = await openRuntimeDatabase(config, {
    info: () => {},
    warn: (m) => process.stderr.write(`${m}\n`),
  });
  try {
    const violations = await checkLedger(runtime.database.db);
    if (violations.length === 0) {
      process.stdout.write("Ledger check passed: every balance equals its movements (I1-I6).\n");
      return 0;
    }
    process.stdout.write(`Ledger check FAILED with ${violations.length} violation(s):\n`);
    for (const violation of violations) {
      process.stdout.write(`  ${violation.invariant}: ${violation.detail}\n`);
    }
    return 1;
  } finally {
    await runtime.shutdown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
