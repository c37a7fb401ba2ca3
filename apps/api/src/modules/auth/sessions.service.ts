import { createHash, randomBytes } from "node:crypto";
import type { SessionUser } from "@wms/domain";
import type { Config } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { sessionsEndedEvent } from "../events/change-events.ts";
import { queueChangeEvents } from "../events/change-publisher.ts";
import type { UserRow } from "../users/users.repository.ts";
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

export async function resolveSession(
  db: DbOrTx,
  deps: SessionDeps,
  token: string,
): Promise<{ user: SessionUser; tokenHash: string } | null> {
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  const found = await findActiveSession(db, tokenHash, now, deps.config.session.idleMs);
  if (!found) {
    return null;
  }
  if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, tokenHash, now);
  }
  return { user: toSessionUser(found.user), tokenHash };
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
