import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TestContext } from "../context.ts";

/**
 * Every application table, fingerprinted by content. Sessions are left out of the content check (each
 * request moves last_seen_at) and only counted; the migration bookkeeping is not ours to check.
 */
const TABLES = [
  "users",
  "warehouses",
  "locations",
  "items",
  "stock_balances",
  "stock_movements",
  "purchases",
  "purchase_lines",
  "idempotency_keys",
  "import_progress",
  "audit_log",
  "auth_failures",
  "setup_tokens",
] as const;

export type Snapshot = Record<string, string>;

/** A fingerprint of every row of every table (and the number of sessions). */
export async function snapshot(ctx: TestContext): Promise<Snapshot> {
  const result: Snapshot = {};
  for (const table of TABLES) {
    const { rows } = await ctx.db.execute<{ n: number; digest: string | null }>(sql`
      select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest
      from ${sql.raw(table)} t`);
    result[table] = `${rows[0]?.n}:${rows[0]?.digest ?? ""}`;
  }
  const sessions = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions`);
  result.sessions = String(sessions.rows[0]?.n);
  return result;
}

/** Asserts that no table gained, lost or changed a row since `before`. */
export async function expectUnchanged(ctx: TestContext, before: Snapshot, what = "the database") {
  expect(await snapshot(ctx), `${what} changed`).toEqual(before);
}

/** Runs `attempt` and asserts it changed nothing at all; returns what it answered. */
export async function changesNothing<T>(ctx: TestContext, attempt: () => Promise<T>): Promise<T> {
  const before = await snapshot(ctx);
  const answer = await attempt();
  await expectUnchanged(ctx, before);
  return answer;
}

export async function count(ctx: TestContext, table: string, where = sql`true`): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
  );
  return rows[0]?.n ?? 0;
}
