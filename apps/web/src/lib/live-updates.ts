import { sessionEffectOf } from "./api-client.ts";

/** A committed write, as GET /api/events announces it. */
export interface ChangeEvent {
  entity: string;
  id: string;
  action: string;
}

/**
 * Which cached queries a change makes stale, by query-key prefix (the first element of every key).
 * Stock changes touch every screen that shows quantities or values; people changes the lists of
 * people. `null` means everything: the server asks for a full refetch after it may have missed events.
 */
const STOCK_VIEWS = [
  "movements",
  "items",
  "item-history",
  "dashboard",
  "warehouses",
  "warehouse-grid",
  "locations",
  "reports",
];

const AFFECTED: Record<string, string[]> = {
  stock_movement: STOCK_VIEWS,
  purchase: STOCK_VIEWS,
  import: STOCK_VIEWS,
  item: STOCK_VIEWS,
  warehouse: ["warehouses", "warehouse-grid", "locations", "dashboard", "items", "reports"],
  user: ["staff", "admins", "people", "dashboard"],
};

export function queriesToRefresh(event: ChangeEvent, currentUserId: number | null): string[] | null {
  if (event.action === "resync" || event.entity === "*") {
    return null;
  }
  const affected = AFFECTED[event.entity];
  if (!affected) {
    return [];
  }
  // Every announced change wrote its audit row in the same transaction, so the audit log is stale too.
  const prefixes = [...affected, "audit"];
  if (event.entity === "user" && currentUserId !== null && event.id === String(currentUserId)) {
    prefixes.push("session");
  }
  return prefixes;
}

/** Merges the prefixes of several events (a burst is refreshed once); null wins. */
export function mergeRefreshes(current: Set<string> | null, next: string[] | null): Set<string> | null {
  if (current === null || next === null) {
    return null;
  }
  for (const prefix of next) {
    current.add(prefix);
  }
  return current;
}

/**
 * What a session check answered once the stream ended or failed: a user, no user (GET /api/session
 * answered null, or any request a 401), or nothing usable (the network or the server is away).
 */
export type SessionCheck = "signed-in" | "signed-out" | "unknown";

export function sessionCheckOf(outcome: { session: { user: unknown } } | { error: unknown }): SessionCheck {
  if ("session" in outcome) {
    return outcome.session.user ? "signed-in" : "signed-out";
  }
  return sessionEffectOf(outcome.error) === "signed-out" ? "signed-out" : "unknown";
}

/**
 * What the stream does after the server ended it (`event: end`) or it failed:
 * - `sign-out`: the session is gone, so the app forgets it (the route guard then shows the login page
 *   with the session-expired message) and nothing reconnects: every attempt would meet a 401;
 * - `reopen`: the session lives on but nothing reconnects by itself (the server ended a session this
 *   browser replaced, e.g. by changing its own password, or answered an error status), so a new
 *   stream is opened;
 * - `check-later`: the session could not be checked and nothing reconnects: check again later;
 * - `keep`: the browser is already reconnecting by itself (a dropped connection).
 */
export type StreamRecovery = "sign-out" | "reopen" | "check-later" | "keep";

export function recoveryAfter(check: SessionCheck, streamClosed: boolean): StreamRecovery {
  if (check === "signed-out") {
    return "sign-out";
  }
  if (!streamClosed) {
    return "keep";
  }
  return check === "signed-in" ? "reopen" : "check-later";
}

/** The server's own reconnection delay (`retry: 3000`). */
const RECONNECT_MS = 3_000;
const MAX_RECONNECT_MS = 30_000;

/**
 * How long to wait before the n-th attempt (0-based) since the stream was last ready: a first reopening
 * at once (a replaced session simply carries on), then doubling from the server's delay up to 30 s; a
 * session that could not be checked is checked again no sooner than the server's delay.
 */
export function recoveryDelay(recovery: "reopen" | "check-later", attempt: number): number {
  const backoff = attempt <= 0 ? 0 : Math.min(MAX_RECONNECT_MS, RECONNECT_MS * 2 ** (attempt - 1));
  return recovery === "reopen" ? backoff : Math.max(RECONNECT_MS, backoff);
}
