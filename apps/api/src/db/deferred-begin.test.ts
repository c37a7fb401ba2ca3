import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { connectionOf, type Tx } from "./client.ts";

/**
 * Round trips of a transaction: BEGIN leaves with the first statement (deferringBegin); each write to
 * the socket is one trip to the server.
 */
const ctx = await createTestContext();

beforeAll(async () => {
  await ctx.db.execute(sql`create table pipeline_probe (id int primary key, n int not null check (n >= 0))`);
});

type CountedStream = {
  _write: (...args: unknown[]) => unknown;
  _writev?: (...args: unknown[]) => unknown;
};

/** Counts the writes the connection of `tx` makes to its socket from now on. */
function countWrites(tx: Tx): { count: () => number } {
  const stream = (connectionOf(tx) as unknown as { connection: { stream: CountedStream } }).connection.stream;
  let writes = 0;
  const write = stream._write;
  const writev = stream._writev;
  stream._write = function (...args: unknown[]) {
    writes += 1;
    return write.apply(this, args);
  };
  if (writev) {
    stream._writev = function (...args: unknown[]) {
      writes += 1;
      return writev.apply(this, args);
    };
  }
  return { count: () => writes };
}

/** Puts the connection's own socket methods back (the instance properties countWrites added). */
function uncount(tx: Tx): void {
  const stream = (connectionOf(tx) as unknown as { connection: { stream: Record<string, unknown> } })
    .connection.stream;
  delete stream._write;
  delete stream._writev;
}

describe("a transaction's BEGIN", () => {
  it("leaves with the first statement, in one write, with its isolation level", async () => {
    const { isolation, writes } = await ctx.db.transaction(
      async (tx) => {
        const counter = countWrites(tx);
        const result = await tx.execute<{ isolation: string }>(
          sql`select current_setting('transaction_isolation') as isolation`,
        );
        const writesSoFar = counter.count();
        uncount(tx);
        return { isolation: result.rows[0]?.isolation, writes: writesSoFar };
      },
      { isolationLevel: "repeatable read" },
    );
    expect(isolation).toBe("repeatable read");
    expect(writes).toBe(1);
  });

  it("still makes one transaction of everything after it: a failure rolls all of it back", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipeline_probe values (1, 1)`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const rows = await ctx.db.execute(sql`select * from pipeline_probe where id = 1`);
    expect(rows.rows).toEqual([]);
  });

  it("is never sent, nor its COMMIT, for a transaction that runs no statement", async () => {
    let counter: { count: () => number } | undefined;
    let connection: Tx | undefined;
    await ctx.db.transaction(async (tx) => {
      counter = countWrites(tx);
      connection = tx;
    });
    expect(counter?.count()).toBe(0);
    if (connection) {
      uncount(connection);
    }
  });
});
