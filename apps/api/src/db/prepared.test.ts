import { DrizzleQueryError, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { postgresErrorOf } from "../http/database-errors.ts";
import { executePrepared, preparedStatement } from "./prepared.ts";

const ctx = await createTestContext();

const PROBE = (n: number) => sql`
  select ${n}::int + 1 as next, timestamptz '2026-01-02 03:04:05+00' as at, 1.50::numeric as amount`;

describe("executePrepared", () => {
  it("prepares a statement once per connection, names it by its text, and answers as execute does", async () => {
    const named = await ctx.db.transaction(async (tx) => {
      const first = await executePrepared<{ next: number }>(tx, PROBE(1));
      const second = await executePrepared<{ next: number }>(tx, PROBE(41));
      const other = await executePrepared(tx, sql`select ${1}::int as one`);
      const prepared = await tx.execute<{ name: string; statement: string }>(sql`
        select name, statement from pg_prepared_statements where name like 'wms_%' order by prepare_time`);
      expect(first.rows[0]?.next).toBe(2);
      expect(second.rows[0]?.next).toBe(42);
      expect(other.rows).toEqual([{ one: 1 }]);
      // Same answer, same type parsing as Drizzle's own execute (timestamps and numerics as text).
      expect(second.rows).toEqual((await tx.execute(PROBE(41))).rows);
      return prepared.rows;
    });
    const probes = named.filter((row) => row.statement.includes("timestamptz '2026-01-02"));
    expect(probes).toHaveLength(1);
    expect(named.filter((row) => row.statement.includes("as one"))).toHaveLength(1);
    expect(new Set(named.map((row) => row.name)).size).toBe(named.length);
  });

  it("runs on the pool as well as in a transaction", async () => {
    const result = await executePrepared<{ next: number }>(ctx.db, PROBE(9));
    expect(result.rows[0]?.next).toBe(10);
  });

  it("fails as Drizzle's execute fails: its error names the statement and holds PostgreSQL's", async () => {
    const divide = preparedStatement<{ n: number }>(
      () => sql`select 1 / ${sql.placeholder("n")}::int as share`,
    );
    const failure = await divide(ctx.db, { n: 0 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).query).toContain("select 1 / $1::int");
    expect((failure as DrizzleQueryError).params).toEqual([0]);
    expect(postgresErrorOf(failure)?.code).toBe("22012"); // division by zero
    expect((await divide<{ share: number }>(ctx.db, { n: 1 })).rows).toEqual([{ share: 1 }]);
  });

  it("renders a statement of placeholders once and runs it with each call's values", async () => {
    let renders = 0;
    const next = preparedStatement<{ n: number }>(() => {
      renders += 1;
      return sql`select ${sql.placeholder("n")}::int + 1 as next`;
    });
    const answers = await ctx.db.transaction(async (tx) => [
      (await next<{ next: number }>(tx, { n: 1 })).rows[0]?.next,
      (await next<{ next: number }>(tx, { n: 41 })).rows[0]?.next,
      (await next<{ next: number }>(ctx.db, { n: 9 })).rows[0]?.next,
    ]);
    expect(answers).toEqual([2, 42, 10]);
    expect(renders).toBe(1);
  });
});
