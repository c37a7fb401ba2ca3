import { createHash, randomBytes } from "node:crypto";
import type { SessionUser } from "@wms/domain";
import type { Config } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { sessionsEndedEvent } from "../events/change-events.ts";
import { queueChangeEvents } from "../events/change-publisher.ts";
import type { UserRow } from "../users/users.repository.ts";
import type { CachedSession, SessionCache } from "./session-cache.ts";
import {
  deleteSession,
  deleteUserSessions,
  findActiveSession,
  insertSession,
  touchSession,
} from "./sessions.repository.ts";

/** Last-seen is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function toSessionUser(
  user: Pick<UserRow, "id" | "email" | "name" | "role" | "mustChangePassword" | "language">,
): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    language: user.language === "ar" ? "ar" : "en",
  };
}

export interface SessionDeps {
  clock: Clock;
  config: Pick<Config, "session">;
}

/** Issues a new 256-bit session token; only its hash is stored. */
export async function startSession(
  db: DbOrTx,
  deps: SessionDeps,
  userId: number,
  meta: { userAgent?: string; ipAddress?: string },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    now,
    expiresAt: new Date(now.getTime() + deps.config.session.absoluteMs),
    ...meta,
  });
  return token;
}

/**
 * The signed-in user behind a session token, or null when the session has ended (signed out, idle or
 * past its absolute expiry, its account archived). A session this process read a moment ago is taken
 * from `sessionCache` (see SessionCache for what keeps it current), checked against this request's
 * time exactly as the database would check it; the database is asked when it is not there, and
 * whenever last-seen is due to be written.
 */
export async function resolveSession(
  db: DbOrTx,
  deps: SessionDeps & { sessionCache: SessionCache },
  token: string,
): Promise<{ user: SessionUser; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  const { sessionCache } = deps;
  const cached = sessionCache.get(tokenHash);
  if (cached && isLiveAt(cached, now, deps.config.session.idleMs) && !isTouchDue(cached, now)) {
    return { user: cached.user, tokenHash };
  }
  const ticket = sessionCache.ticket();
  const found = await findActiveSession(db, tokenHash, now, deps.config.session.idleMs);
  if (!found) {
    return null;
  }
  const session: CachedSession = {
    user: toSessionUser(found.user),
    lastSeenAt: found.lastSeenAt,
    expiresAt: found.expiresAt,
  };
  if (isTouchDue(session, now)) {
    await touchSession(db, tokenHash, now);
    session.lastSeenAt = now;
  }
  sessionCache.store(tokenHash, session, ticket);
  return { user: session.user, tokenHash };
}

/** The database's test of findActiveSession (the account's liveness aside), on a session held here. */
function isLiveAt(session: CachedSession, now: Date, idleMs: number): boolean {
  return session.expiresAt.getTime() > now.getTime() && session.lastSeenAt.getTime() > now.getTime() - idleMs;
}

function isTouchDue(session: Pick<CachedSession, "lastSeenAt">, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
}

/**
 * True while the session behind `tokenHash` may still be used: neither signed out, expired (idle or
 * absolute) nor its account archived. Unlike resolveSession it never extends the session, so a
 * long-lived event stream checking it does not keep an idle session alive.
 */
export async function isSessionLive(db: DbOrTx, deps: SessionDeps, tokenHash: string): Promise<boolean> {
  return (await findActiveSession(db, tokenHash, deps.clock.now(), deps.config.session.idleMs)) !== undefined;
}

/** Ends one session; the open event streams of its user re-check theirs once this commits. */
export async function endSession(db: DbOrTx, tokenHash: string): Promise<void> {
  const userId = await deleteSession(db, tokenHash);
  if (userId !== null) {
    await queueChangeEvents(db, [sessionsEndedEvent(userId)]);
  }
}

/** Ends every session of a user (password change or reset, the account archived), streams included. */
export async function endUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await deleteUserSessions(db, userId);
  await queueChangeEvents(db, [sessionsEndedEvent(userId)]);
}
