import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { connectDatabase, connectionOf, type Tx } from "./client.ts";

/** Db#transaction as poolTransaction runs it: Drizzle's semantics, one handle per transaction. */
const ctx = await createTestContext();
// One connection, so consecutive transactions share it.
const single = connectDatabase(ctx.url, { max: 1 });
afterAll(() => single.close());

const settingsOf = (tx: Tx) =>
  tx.execute<{ isolation: string; readOnly: string; deferrable: string; pid: number }>(sql`
    select current_setting('transaction_isolation') as isolation,
      current_setting('transaction_read_only') as "readOnly",
      current_setting('transaction_deferrable') as deferrable, pg_backend_pid() as pid`);

describe("a transaction on the pool", () => {
  it("begins with every option it is given, and with none as PostgreSQL's defaults", async () => {
    const chosen = await ctx.db.transaction(async (tx) => (await settingsOf(tx)).rows[0], {
      isolationLevel: "serializable",
      accessMode: "read only",
      deferrable: true,
    });
    expect(chosen).toMatchObject({ isolation: "serializable", readOnly: "on", deferrable: "on" });
    const plain = await ctx.db.transaction(async (tx) => (await settingsOf(tx)).rows[0]);
    expect(plain).toMatchObject({ isolation: "read committed", readOnly: "off", deferrable: "off" });
  });

  it("hands each transaction a handle of its own, on the connection it holds", async () => {
    const seen: Array<{ tx: Tx; pid: number | undefined; client: unknown }> = [];
    for (let round = 0; round < 2; round++) {
      await single.db.transaction(async (tx) => {
        seen.push({ tx, pid: (await settingsOf(tx)).rows[0]?.pid, client: connectionOf(tx) });
      });
    }
    const [first, second] = seen;
    expect(first?.pid).toBe(second?.pid);
    expect(first?.client).toBe(second?.client);
    expect(first?.tx).not.toBe(second?.tx);
  });

  it("rolls back on a failure, answers the work's error, and gives the connection back", async () => {
    await single.db.execute(sql`create table if not exists pool_transaction_probe (id int primary key)`);
    await expect(
      single.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pool_transaction_probe values (1)`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // The pool's only connection is free again, and nothing of the failed work is left.
    const rows = await single.db.transaction((tx) => tx.execute(sql`select id from pool_transaction_probe`));
    expect(rows.rows).toEqual([]);
  });
});
