import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * Reliability checklist F19/F20: server settings under which PostgreSQL acknowledges a commit it may
 * then lose (synchronous_commit=off: the last moments of commits on a crash) or can corrupt the whole
 * database on an OS crash or power loss (fsync=off, full_page_writes=off). The embedded server runs
 * with PostgreSQL's safe defaults; an external one might have been tuned for speed. The server warns
 * at start-up rather than refusing: it is the operator's choice, but never a silent one.
 */
const RISKS: Record<string, { unsafe: string[]; risk: string }> = {
  fsync: { unsafe: ["off"], risk: "an OS crash or power loss can corrupt the whole database" },
  full_page_writes: { unsafe: ["off"], risk: "an OS crash or power loss can corrupt the whole database" },
  synchronous_commit: {
    unsafe: ["off"],
    risk: "a crash loses the last commits the WMS had already reported as saved",
  },
};

export async function durabilityWarnings(db: Db): Promise<string[]> {
  const result = await db.execute<{ name: string; setting: string }>(
    sql`select name, setting from pg_settings where name in ('fsync', 'full_page_writes', 'synchronous_commit') order by name`,
  );
  return result.rows
    .filter((row) => RISKS[row.name]?.unsafe.includes(row.setting))
    .map(
      (row) =>
        `PostgreSQL runs with ${row.name}=${row.setting}: ${RISKS[row.name]?.risk}. Set ${row.name}=on ` +
        "(docs/deployment.md).",
    );
}
