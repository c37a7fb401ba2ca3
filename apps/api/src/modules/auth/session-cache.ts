import type { SessionUser } from "@wms/domain";
import { type ChangeEvent, RESYNC_EVENT, SESSION_ENTITY } from "../events/change-events.ts";

/**
 * How long a session read from the database answers this process's next requests without asking
 * again. It bounds how late this process can learn of a change it was not told about; changes it is
 * told about (below) take effect at once.
 */
export const SESSION_CACHE_MS = 5_000;

/** A bound on memory: far above the sessions one process serves within SESSION_CACHE_MS. */
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: SessionUser;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Entry {
  session: CachedSession;
  storedAt: number;
}

/**
 * Sessions this process has just read, so a burst of requests under one session (a screen's several
 * requests, a floor scanner posting movements) reads the session and its user once, not per request.
 * Every request still passes the same checks: the caller checks expiry against each request's time,
 * and the database is asked again when last-seen is due to be written.
 *
 * What ends or changes a session is never served from here:
 * - every change to an account (sign-in, sign-out, password change or reset, archive, preferences) is
 *   audited, and its change event forgets that user's cached sessions: this process's own, right
 *   after its transaction commits and before its answer is sent; other processes' through the event
 *   channel (NOTIFY), a few milliseconds later;
 * - while this process's event channel is down it cannot hear other processes, so nothing is cached
 *   or served from here, and everything is forgotten when the channel is back;
 * - a read from the database that started before something was forgotten is not stored, so a request
 *   racing a sign-out cannot put the ended session back.
 * A change made behind the API's back (a row edited by hand, a restore) is seen within
 * SESSION_CACHE_MS.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    /** True while this process hears every other process's change events. */
    private readonly hearsEveryChange: () => boolean,
    private readonly ttlMs = SESSION_CACHE_MS,
    private readonly monotonicNow: () => number = () => performance.now(),
  ) {}

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) {
      return undefined;
    }
    if (!this.hearsEveryChange() || this.monotonicNow() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before reading a session from the database, and handed back to `store` with what was read. */
  ticket(): number {
    return this.generation;
  }

  store(tokenHash: string, session: CachedSession, ticket: number): void {
    if (ticket !== this.generation || !this.hearsEveryChange()) {
      return;
    }
    this.entries.delete(tokenHash);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value);
      }
    }
    this.entries.set(tokenHash, { session, storedAt: this.monotonicNow() });
  }

  /** Applies a change event from this process or another one. */
  apply(event: ChangeEvent): void {
    if (event.entity === RESYNC_EVENT.entity) {
      this.clear();
    } else if (event.entity === SESSION_ENTITY || event.entity === "user") {
      this.forgetUser(Number(event.id));
    }
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (entry.session.user.id === userId) {
        this.entries.delete(tokenHash);
      }
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
