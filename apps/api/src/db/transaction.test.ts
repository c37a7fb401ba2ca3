import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { AppError } from "../http/app-error.ts";
import { sqlStateOf } from "../http/database-errors.ts";
import { inTransaction } from "./transaction.ts";

/**
 * Reliability checklist C10, F18 and F21: the retry path of every write transaction, against real
 * PostgreSQL. Writes lock rows in a fixed order, so deadlocks and serialization failures should not
 * happen (the concurrency suite checks that); if one does, the whole transaction runs again, a
 * bounded number of times, and then the answer is a retryable 503, never a 500.
 */
const ctx = await createTestContext();

beforeAll(async () => {
  await ctx.db.execute(sql`create table retry_probe (id int primary key, n int not null)`);
  await ctx.db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`);
});

/** A promise and the function that resolves it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("inTransaction", () => {
  it("runs again, whole, the transaction PostgreSQL chose as a deadlock's victim (40P01)", async () => {
    const first = gate();
    const second = gate();
    let attempts = 0;
    // A: row 1 then row 2; B: row 2 then row 1. Each takes its first lock, waits for the other's, and
    // goes for the other row: a deadlock, once (a retried attempt finds its gate already open).
    const crosswise = (
      a: number,
      b: number,
      mine: ReturnType<typeof gate>,
      theirs: ReturnType<typeof gate>,
    ) =>
      inTransaction(ctx.db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${a}`);
        mine.open();
        await theirs.opened;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${b}`);
        return attempts;
      });
    await Promise.all([crosswise(1, 2, first, second), crosswise(2, 1, second, first)]);
    expect(attempts).toBe(3);
    const rows = await ctx.db.execute<{ n: number }>(sql`select n from retry_probe order by id`);
    // Each transaction counted once on each row: the victim's first attempt left nothing behind.
    expect(rows.rows.map((row) => row.n)).toEqual([2, 2]);
  });

  it("gives up after five serialization failures (40001) with a retryable 503, never a 500", async () => {
    let attempts = 0;
    const failing = inTransaction(ctx.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`update retry_probe set n = n + 100 where id = 1`);
      await tx.execute(sql`do $$ begin raise exception 'probe' using errcode = '40001'; end $$`);
    });
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "DATABASE_UNAVAILABLE", details: { retryable: true } });
    expect(attempts).toBe(5);
    const rows = await ctx.db.execute<{ n: number }>(sql`select n from retry_probe where id = 1`);
    expect(rows.rows[0]?.n, "every attempt rolled back").toBe(2);
  });

  it("does not run again for any other error", async () => {
    let attempts = 0;
    const error = await inTransaction(ctx.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`insert into retry_probe values (1, 0)`);
    }).catch((caught: unknown) => caught);
    expect(sqlStateOf(error)).toBe("23505");
    expect(attempts).toBe(1);
  });
});
