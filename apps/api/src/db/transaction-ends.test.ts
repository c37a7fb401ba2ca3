import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { sqlStateOf } from "../http/database-errors.ts";
import { connectDatabase, connectionOf, type Tx } from "./client.ts";
import { pipelined } from "./pipeline.ts";
import { sendPipelined, valuesOrFirstFailure } from "./pipeline-mode.ts";
import { executePrepared } from "./prepared.ts";
import { NotRunError } from "./statement-batch.ts";
import { committingWith } from "./transaction-ends.ts";

/**
 * Round trips of a transaction: BEGIN leaves with the first statement (deferringBegin), COMMIT with the
 * last when it is named (committingWith), and statements sent with pipelined() together; each write to
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

/**
 * Counts PostgreSQL's ReadyForQuery messages on the connection of `tx` from now on: one per Sync the
 * API sent, and each the end of one flush of the server's answers.
 */
function countSyncs(tx: Tx): { count: () => number; stop: () => void } {
  const connection = (connectionOf(tx) as unknown as { connection: import("node:events").EventEmitter })
    .connection;
  let syncs = 0;
  const count = () => {
    syncs += 1;
  };
  connection.on("readyForQuery", count);
  return { count: () => syncs, stop: () => connection.off("readyForQuery", count) };
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

describe("a transaction's last statement, sent with COMMIT", () => {
  const probe = (tx: Tx, text: string) => connectionOf(tx).query(text);
  const committedRow = async (id: number) =>
    (await ctx.db.execute<{ n: number }>(sql`select n from pipeline_probe where id = ${id}`)).rows;

  it("leaves with COMMIT in one write, and is committed once it is answered", async () => {
    const seen = await ctx.db.transaction(async (tx) => {
      await probe(tx, "insert into pipeline_probe values (10, 1)");
      const counter = countWrites(tx);
      await committingWith(connectionOf(tx), () =>
        probe(tx, "update pipeline_probe set n = 2 where id = 10"),
      );
      const writes = counter.count();
      uncount(tx);
      // Another connection sees the change before the work has even returned.
      return { writes, elsewhere: await committedRow(10) };
    });
    expect(seen).toEqual({ writes: 1, elsewhere: [{ n: 2 }] });
  });

  it("throws the statement's failure, leaves nothing of the transaction, and ends it", async () => {
    // One connection, so the next transaction runs on the same one: the failed one was rolled back.
    const single = connectDatabase(ctx.url, { max: 1 });
    try {
      const failure = await single.db
        .transaction(async (tx) => {
          await probe(tx, "insert into pipeline_probe values (11, 1)");
          await committingWith(connectionOf(tx), () =>
            probe(tx, "update pipeline_probe set n = -1 where id = 11"),
          );
        })
        .catch((error: unknown) => error);
      expect(sqlStateOf(failure)).toBe("23514");
      expect(await committedRow(11)).toEqual([]);
      const next = await single.db.transaction((tx) => tx.execute<{ one: number }>(sql`select 1 as one`));
      expect(next.rows).toEqual([{ one: 1 }]);
    } finally {
      await single.close();
    }
  });

  it("is the whole transaction when it is also the first: BEGIN, it and COMMIT in one write and one Sync", async () => {
    let syncCounter: { count: () => number; stop: () => void } | undefined;
    const writes = await ctx.db.transaction(async (tx) => {
      const counter = countWrites(tx);
      syncCounter = countSyncs(tx);
      await committingWith(connectionOf(tx), () => probe(tx, "insert into pipeline_probe values (12, 3)"));
      const count = counter.count();
      uncount(tx);
      return count;
    });
    syncCounter?.stop();
    // The transaction's own COMMIT, once the work returned, is answered without being sent.
    expect({ writes, syncs: syncCounter?.count() }).toEqual({ writes: 1, syncs: 1 });
    expect(await committedRow(12)).toEqual([{ n: 3 }]);
  });

  it("prepares BEGIN and COMMIT once per connection, not on every transaction", async () => {
    const single = connectDatabase(ctx.url, { max: 1 });
    try {
      for (const id of [20, 21]) {
        await single.db.transaction((tx) =>
          committingWith(connectionOf(tx), () => probe(tx, `insert into pipeline_probe values (${id}, 1)`)),
        );
      }
      const prepared = await single.db.execute<{ statement: string }>(
        sql`select statement from pg_prepared_statements where statement in ('begin', 'COMMIT') order by statement`,
      );
      expect(prepared.rows.map((row) => row.statement)).toEqual(["COMMIT", "begin"]);
      expect(await committedRow(21)).toEqual([{ n: 1 }]);
    } finally {
      await single.close();
    }
  });

  it("refuses a statement sent after it, which would run outside the transaction", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await committingWith(connectionOf(tx), () => probe(tx, "insert into pipeline_probe values (13, 1)"));
        await probe(tx, "update pipeline_probe set n = 5 where id = 13");
      }),
    ).rejects.toThrow("A statement was sent after its transaction's last statement");
    expect(await committedRow(13)).toEqual([{ n: 1 }]);
  });

  it("refuses a last statement that is not sent at once, and the transaction rolls back", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await probe(tx, "insert into pipeline_probe values (14, 1)");
        await committingWith(connectionOf(tx), () => Promise.resolve(null));
      }),
    ).rejects.toThrow("The last statement of a transaction was not sent at once");
    expect(await committedRow(14)).toEqual([]);
  });
});

describe("pipelined", () => {
  it("sends the statements in one write with one Sync, and answers each in order", async () => {
    const { answers, writes, syncs } = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      const counter = countWrites(tx);
      const syncCounter = countSyncs(tx);
      const results = await pipelined(tx, [
        () => tx.execute<{ n: number }>(sql`insert into pipeline_probe values (2, 5) returning n`),
        () => tx.execute<{ n: number }>(sql`update pipeline_probe set n = n + 1 where id = 2 returning n`),
        () => tx.execute<{ n: number }>(sql`update pipeline_probe set n = n * 10 where id = 2 returning n`),
      ]);
      const writesSoFar = counter.count();
      uncount(tx);
      syncCounter.stop();
      return {
        answers: results.map((result) => result.rows[0]?.n),
        writes: writesSoFar,
        syncs: syncCounter.count(),
      };
    });
    expect(answers).toEqual([5, 6, 60]);
    expect({ writes, syncs }).toEqual({ writes: 1, syncs: 1 });
  });

  it("makes BEGIN held back one of them: the transaction's first round trip is one Sync too", async () => {
    let syncCounter: { count: () => number; stop: () => void } | undefined;
    await ctx.db.transaction(async (tx) => {
      syncCounter = countSyncs(tx);
      await pipelined(tx, [
        () => tx.execute(sql`insert into pipeline_probe values (4, 1)`),
        () => tx.execute(sql`update pipeline_probe set n = 2 where id = 4`),
      ]);
      expect(syncCounter.count()).toBe(1);
    });
    syncCounter?.stop();
    // The transaction's COMMIT, sent on its own.
    expect(syncCounter?.count()).toBe(2);
    const rows = await ctx.db.execute<{ n: number }>(sql`select n from pipeline_probe where id = 4`);
    expect(rows.rows).toEqual([{ n: 2 }]);
  });

  it("sends nothing of a statement whose values cannot be sent, nor what follows it, and goes on", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const statuses = await ctx.db.transaction(async (tx) => {
      const insert = (id: number) => () => tx.execute(sql`insert into pipeline_probe values (${id}, 1)`);
      const unsendable = () => tx.execute(sql`select ${circular}::jsonb as j`);
      const statusesOf = async (sends: Array<() => Promise<unknown>>) =>
        (await sendPipelined<unknown>(connectionOf(tx), sends)).map((outcome) => {
          if (outcome.status === "fulfilled") {
            return "answered";
          }
          const error = ((outcome.reason as Error).cause ?? outcome.reason) as Error;
          return error instanceof NotRunError ? "not run" : error.message;
        });
      await tx.execute(sql`select 1`); // BEGIN has gone: the first batch is only these two.
      const first = await statusesOf([unsendable, insert(30)]);
      const second = await statusesOf([insert(31), unsendable, insert(32)]);
      // The transaction was never aborted: PostgreSQL saw none of it, and what ran before it stands.
      const rows = await tx.execute<{ id: number }>(
        sql`select id from pipeline_probe where id >= 30 order by id`,
      );
      return { first, second, rows: rows.rows.map((row) => row.id) };
    });
    expect(statuses.first[0]).toMatch(/circular/);
    expect(statuses.first[1]).toBe("not run");
    expect(statuses.second[0]).toBe("answered");
    expect(statuses.second[1]).toMatch(/circular/);
    expect(statuses.second[2]).toBe("not run");
    expect(statuses.rows).toEqual([31]);
  });

  it("answers a statement PostgreSQL skipped after a failure as not run, and its prepared statement stays usable", async () => {
    // One connection, so the next transaction runs on the same one and its prepared statements.
    const single = connectDatabase(ctx.url, { max: 1 });
    try {
      const named = sql`select n from pipeline_probe where id = ${5}`;
      let outcomes: Array<PromiseSettledResult<unknown>> = [];
      const failure = await single.db
        .transaction(async (tx) => {
          outcomes = await sendPipelined(connectionOf(tx), [
            () => tx.execute(sql`insert into pipeline_probe values (5, 7)`),
            () => tx.execute(sql`update pipeline_probe set n = -1 where id = 5`),
            () => executePrepared<{ n: number }>(tx, named),
          ]);
          return valuesOrFirstFailure(outcomes);
        })
        .catch((error: unknown) => error);
      expect(sqlStateOf(failure)).toBe("23514");
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "rejected"]);
      const skipped = outcomes[2] as PromiseRejectedResult;
      expect((skipped.reason as Error).cause).toBeInstanceOf(NotRunError);
      const again = await single.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipeline_probe values (5, 8)`);
        return executePrepared<{ n: number }>(tx, named);
      });
      expect(again.rows).toEqual([{ n: 8 }]);
    } finally {
      await single.close();
    }
  });

  it("throws the first failure, not the aborted statements after it, and the transaction changes nothing", async () => {
    await ctx.db.execute(sql`insert into pipeline_probe values (3, 1)`);
    const failure = await ctx.db
      .transaction(async (tx) => {
        await pipelined(tx, [
          () => tx.execute(sql`update pipeline_probe set n = n + 100 where id = 3`),
          () => tx.execute(sql`update pipeline_probe set n = n - 1000 where id = 3`),
          () => tx.execute(sql`update pipeline_probe set n = 0 where id = 3`),
        ]);
      })
      .catch((error: unknown) => error);
    expect(sqlStateOf(failure)).toBe("23514"); // the check constraint, not 25P02 (transaction aborted)
    const rows = await ctx.db.execute<{ n: number }>(sql`select n from pipeline_probe where id = 3`);
    expect(rows.rows).toEqual([{ n: 1 }]);
    // The connection went back to the pool in order: the next transaction on it works.
    const next = await ctx.db.transaction((tx) => tx.execute<{ one: number }>(sql`select 1 as one`));
    expect(next.rows).toEqual([{ one: 1 }]);
  });
});
