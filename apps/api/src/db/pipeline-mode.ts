import type pg from "pg";
import { isBatchable, StatementBatch } from "./statement-batch.ts";

/**
 * pg's client with the parts of it a batch is queued through (pg 8.23; not in its types): its queue of
 * statements not yet sent, the method that sends the next of them, and its pipeline switch.
 */
export type PipelineClient = pg.ClientBase & {
  pipeline?: boolean;
  _queryQueue?: unknown[];
  _pulseQueryQueue?: () => void;
  /** How deep in sendPipelined calls the client is: statements queued meanwhile make one batch. */
  collecting?: number;
  connection?: { stream?: { destroy?: () => void } };
};

/**
 * Sends statements on a connection one behind the other without waiting for each answer, in one
 * write with one Sync behind the last (StatementBatch), then waits for all their answers: one round
 * trip to PostgreSQL, and one flush of its answers, instead of one of each per statement. PostgreSQL
 * still runs them one at a time, in order. The outcomes come back in the order sent. Called within
 * another call's sends, the statements join that call's batch.
 *
 * Each send must call pg's query before its first await (as the prepared statements and Drizzle's
 * queries do): a statement queued later is sent after the batch, on its own.
 */
export async function sendPipelined<T>(
  client: PipelineClient,
  sends: ReadonlyArray<() => Promise<T>>,
): Promise<Array<PromiseSettledResult<T>>> {
  const outermost = !client.collecting;
  const queue = client._queryQueue;
  const start = queue?.length ?? 0;
  if (outermost) {
    holdQueue(client);
  }
  client.collecting = (client.collecting ?? 0) + 1;
  const sent: Array<Promise<T>> = [];
  try {
    for (const send of sends) {
      // Asked for its answer at once: a lazy query (Drizzle's QueryPromise) is queued only then.
      sent.push(send().then((value) => value));
    }
  } catch (error) {
    // A statement could not even be built: nothing after it is sent; the ones queued are awaited below.
    sent.push(Promise.reject(error));
  } finally {
    client.collecting -= 1;
    if (outermost) {
      releaseQueue(client, start);
    }
  }
  return Promise.allSettled(sent);
}

/**
 * While statements are being queued pg must not send them. Its pipeline switch keeps it from
 * warning that a statement is queued behind another; its sender is stilled for the while.
 */
function holdQueue(client: PipelineClient): void {
  client.pipeline = true;
  client._pulseQueryQueue = () => {};
}

/** Puts what was queued since `start` in one batch, when there is more than one, and sends it. */
function releaseQueue(client: PipelineClient, start: number): void {
  delete client._pulseQueryQueue;
  client.pipeline = false;
  const queue = client._queryQueue;
  if (queue && queue.length - start > 1) {
    const queued = queue.slice(start);
    if (queued.every(isBatchable)) {
      queue.splice(start, queued.length, new StatementBatch(queued));
    }
  }
  // pg's own sender again (the instance's stand-in is gone): it sends the batch unless busy.
  (client as { _pulseQueryQueue?: () => void })._pulseQueryQueue?.();
}

/** The values of settled statements, or the first failure in the order they were sent. */
export function valuesOrFirstFailure<T>(outcomes: Array<PromiseSettledResult<T>>): T[] {
  const values: T[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") {
      throw outcome.reason;
    }
    values.push(outcome.value);
  }
  return values;
}
