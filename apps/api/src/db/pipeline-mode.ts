import type pg from "pg";

/**
 * pg's client with its pipeline switch (pg 8.23: read on every query, not in its types) and the
 * socket it writes to.
 */
export type PipelineClient = pg.ClientBase & {
  pipeline?: boolean;
  connection?: { stream?: { cork?: () => void; uncork?: () => void; destroy?: () => void } };
};

/**
 * Sends statements on a connection one behind the other without waiting for each answer (pg's
 * pipeline mode), in one write, then waits for all their answers: one round trip to PostgreSQL
 * instead of one per statement. PostgreSQL still runs them one at a time, in order. The outcomes come
 * back in the order sent. May be called while a pipeline is already being sent on the connection.
 */
export async function sendPipelined<T>(
  client: PipelineClient,
  sends: ReadonlyArray<() => Promise<T>>,
): Promise<Array<PromiseSettledResult<T>>> {
  const wasOn = client.pipeline === true;
  client.pipeline = true;
  const sent: Array<Promise<T>> = [];
  // Corked, the statements leave in one write: one system call, and one wake-up of the server.
  const stream = client.connection?.stream;
  stream?.cork?.();
  try {
    for (const send of sends) {
      // Asked for its answer at once: a lazy query (Drizzle's QueryPromise) is sent only then.
      sent.push(send().then((value) => value));
    }
  } catch (error) {
    // A statement could not even be built: nothing after it is sent; the ones sent are awaited below.
    sent.push(Promise.reject(error));
  } finally {
    stream?.uncork?.();
  }
  // The switch stays on until every answer is in: pg reads the answers of statements sent in pipeline
  // mode from its queue of sent statements, which it leaves alone once the switch is off.
  return Promise.allSettled(sent).finally(() => {
    if (!wasOn) {
      client.pipeline = false;
    }
  });
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
