import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import { CHANGE_CHANNEL, type ChangeEvent } from "./change-events.ts";
import type { EventBus } from "./event-bus.ts";

/**
 * Change events leave PostgreSQL only after the write that caused them has committed.
 *
 * Why not NOTIFY inside the write's transaction: PostgreSQL serialises every committing transaction
 * that has sent a NOTIFY behind one lock held until its commit record is flushed, so concurrent stock
 * writes could no longer share a WAL flush (measured with pgbench at 8 clients: 40-60% fewer
 * transactions per second). Instead each top-level transaction collects its events here and sends
 * them in one statement once COMMIT has returned; a rolled-back transaction sends none. That statement
 * commits without waiting for a WAL flush (an event is a hint to refetch, not data), so the lock it
 * takes is held only for a moment. See docs/decisions/007-change-events-after-commit.md.
 */
const pending = new WeakMap<DbOrTx, ChangeEvent[]>();

/**
 * Runs a top-level transaction with an event queue; publishes the queue once it has committed.
 * `transaction` hands its transaction handle to `track`, which files the queue under it. (A map by
 * handle, not an AsyncLocalStorage: that would switch on Node's promise hooks for every promise of
 * the process, a few percent of the API's time.)
 */
export async function withChangeEvents<T>(
  db: Db,
  transaction: (track: <Handle extends DbOrTx>(tx: Handle) => Handle) => Promise<T>,
): Promise<T> {
  const queue: ChangeEvent[] = [];
  let tracked: DbOrTx | undefined;
  const track = <Handle extends DbOrTx>(tx: Handle): Handle => {
    tracked = tx;
    pending.set(tx, queue);
    return tx;
  };
  try {
    const result = await transaction(track);
    publishChangeEvents(db, queue);
    return result;
  } finally {
    if (tracked) {
      pending.delete(tracked);
    }
  }
}

/** Queues events for the transaction `db`, or publishes them at once for an autocommit write. */
export async function queueChangeEvents(db: DbOrTx, events: ChangeEvent[]): Promise<void> {
  const queue = pending.get(db);
  if (queue) {
    queue.push(...events);
  } else {
    publishChangeEvents(db, events);
  }
}

/**
 * How long committed writes' events wait to share one NOTIFY. Each NOTIFY is a statement of its own,
 * a commit, and a wake-up of every listening backend and process; sent on each turn of the event loop
 * they came to about one for every two movements at 8 clients (decision 007). Browsers gather the
 * changes of a burst for 150 ms before refetching (use-live-updates.ts), so a change heard 25 ms later
 * is seen no later; this process's own listeners hear every change synchronously regardless
 * (onEveryChange).
 */
export const CHANGE_EVENT_WINDOW_MS = 25;

/** Events of committed writes waiting for their window to close, per database, and its timer. */
const outbox = new Map<DbOrTx, { events: ChangeEvent[]; timer: ReturnType<typeof setTimeout> }>();

type CommittedListener = (events: ChangeEvent[]) => void;
const committedListeners = new Set<CommittedListener>();

/**
 * Hands `listener` the events of every write this process commits, synchronously, before the write's
 * caller goes on (and so before its answer is sent); other processes hear of them through NOTIFY.
 * Returns the function that stops it.
 */
export function onCommittedChanges(listener: CommittedListener): () => void {
  committedListeners.add(listener);
  return () => committedListeners.delete(listener);
}

/**
 * Hands `listener` every change as soon as this process can know of it: its own writes synchronously
 * after COMMIT (onCommittedChanges), other processes' through `bus` (LISTEN), which also brings this
 * process's own once their NOTIFY is sent, so a change may arrive twice. For caches a change empties:
 * the next request after a write here must not read what the write made stale. Returns the function
 * that stops both.
 */
export function onEveryChange(
  bus: Pick<EventBus, "subscribe">,
  listener: (event: ChangeEvent) => void,
): () => void {
  const stopOwn = onCommittedChanges((events) => {
    for (const event of events) {
      listener(event);
    }
  });
  const stopOthers = bus.subscribe(listener);
  return () => {
    stopOwn();
    stopOthers();
  };
}

function publishChangeEvents(db: DbOrTx, events: ChangeEvent[]): void {
  if (events.length === 0) {
    return;
  }
  for (const listener of committedListeners) {
    listener(events);
  }
  const waiting = outbox.get(db);
  if (waiting) {
    waiting.events.push(...events);
    return;
  }
  const timer = setTimeout(() => void flushChangeEvents(db), CHANGE_EVENT_WINDOW_MS);
  outbox.set(db, { events: [...events], timer });
}

/**
 * Sends the events of `db` waiting for their window: when the window closes, and at once when its
 * connections are about to close (Database.close), so other processes hear of the last writes of a
 * server or command.
 */
export function flushChangeEvents(db: DbOrTx): Promise<void> {
  const waiting = outbox.get(db);
  if (!waiting) {
    return Promise.resolve();
  }
  outbox.delete(db);
  clearTimeout(waiting.timer);
  return sendChangeEvents(db, waiting.events);
}

async function sendChangeEvents(db: DbOrTx, events: ChangeEvent[]): Promise<void> {
  const payloads = JSON.stringify(events.map((event) => JSON.stringify(event)));
  try {
    await executePrepared(
      db,
      sql`
      select set_config('synchronous_commit', 'off', true), pg_notify(${CHANGE_CHANNEL}, payload)
      from jsonb_array_elements_text(${payloads}::jsonb) as payload`,
    );
  } catch {
    // The write is committed and answered regardless. Failing here means the database connection is
    // gone; every process's LISTEN connection then drops too and, on reconnecting, tells its browsers
    // to refetch everything (RESYNC_EVENT), which covers the events lost here.
  }
}
