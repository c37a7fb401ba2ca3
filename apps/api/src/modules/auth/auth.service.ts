import {
  type LoginRequest,
  MESSAGES,
  type Role,
  type SessionUser,
  type UpdatePreferencesRequest,
} from "@wms/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../lib/passwords.ts";
import { type Actor, recordAudit } from "../audit/audit.repository.ts";
import {
  findLiveUserByEmail,
  findLiveUserById,
  markSignedIn,
  updateLanguage,
  updatePassword,
} from "../users/users.repository.ts";
import {
  endSession,
  endUserSessions,
  type SessionDeps,
  startSession,
  toSessionUser,
} from "./sessions.service.ts";
import { claimSignInAttempt, recordSignInSuccess, releaseSignInAttempt } from "./sign-in-limits.ts";

export interface AuthDeps extends SessionDeps {
  db: Db;
}

export interface ClientMeta {
  ipAddress: string;
  userAgent?: string;
  /** The session the browser held before this request, ended so a planted session id is useless. */
  previousTokenHash: string | null;
}

const INVALID_CREDENTIALS: Record<Role, string> = {
  admin: MESSAGES.adminInvalidCredentials,
  staff: MESSAGES.staffInvalidCredentials,
};
const WRONG_PORTAL: Record<Role, string> = {
  admin: MESSAGES.adminWrongPortal,
  staff: MESSAGES.staffWrongPortal,
};

/**
 * Signs in through a portal. An unknown email and a wrong password take the same time and give the
 * same answer; only correct credentials at the other role's portal get the spec's portal message.
 */
export async function signIn(
  deps: AuthDeps,
  request: LoginRequest,
  meta: ClientMeta,
  requestId: string,
): Promise<{ user: SessionUser; token: string }> {
  const { db, clock } = deps;
  // Counted before the password is checked; a wrong password leaves it counted as a failure.
  const attempt = await claimSignInAttempt(db, clock, request.email, meta.ipAddress);
  const user = await findLiveUserByEmail(db, request.email);
  const isValid = user
    ? await verifyPassword(user.passwordHash, request.password)
    : await verifyAgainstDummy(request.password);
  if (!user || !isValid) {
    throw new AppError("INVALID_CREDENTIALS", INVALID_CREDENTIALS[request.portal]);
  }
  if (user.role !== request.portal) {
    await releaseSignInAttempt(db, attempt);
    throw new AppError("WRONG_PORTAL", WRONG_PORTAL[request.portal]);
  }
  const token = await db.transaction(async (tx) => {
    if (meta.previousTokenHash) {
      await endSession(tx, meta.previousTokenHash);
    }
    const issued = await startSession(tx, deps, user.id, meta);
    await markSignedIn(tx, user.id, clock.now());
    await recordSignInSuccess(tx, attempt);
    await recordAudit(
      tx,
      { userId: user.id, requestId },
      {
        entity: "user",
        entityId: user.id,
        action: "sign_in",
        after: { portal: request.portal, ipAddress: meta.ipAddress },
      },
    );
    return issued;
  });
  return { user: toSessionUser(user), token };
}

export async function signOut(deps: AuthDeps, tokenHash: string, actor: Actor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await endSession(tx, tokenHash);
    if (actor.userId !== null) {
      await recordAudit(tx, actor, { entity: "user", entityId: actor.userId, action: "sign_out" });
    }
  });
}

/**
 * Changes one's own password. Every other session of the account ends and this one is replaced, so a
 * stolen cookie stops working the moment the owner changes the password.
 */
export async function changeOwnPassword(
  deps: AuthDeps,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  meta: ClientMeta,
  actor: Actor,
): Promise<{ user: SessionUser; token: string }> {
  const { db, clock } = deps;
  const user = await findLiveUserById(db, userId);
  if (!user) {
    throw new AppError("UNAUTHENTICATED", MESSAGES.notSignedIn);
  }
  const attempt = await claimSignInAttempt(db, clock, user.email, meta.ipAddress);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("WRONG_CURRENT_PASSWORD", MESSAGES.wrongCurrentPassword, {
      fields: { currentPassword: MESSAGES.wrongCurrentPassword },
    });
  }
  await releaseSignInAttempt(db, attempt);
  if (input.currentPassword === input.newPassword) {
    throw new AppError("PASSWORD_REUSED", MESSAGES.passwordReused, {
      fields: { newPassword: MESSAGES.passwordReused },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const token = await db.transaction(async (tx) => {
    await updatePassword(tx, user.id, passwordHash, false);
    await endUserSessions(tx, user.id);
    const issued = await startSession(tx, deps, user.id, meta);
    await recordAudit(tx, actor, { entity: "user", entityId: user.id, action: "change_password" });
    return issued;
  });
  return { user: { ...toSessionUser(user), mustChangePassword: false }, token };
}

/** Remembers the person's interface language for every device they sign in on. */
export async function updatePreferences(
  deps: AuthDeps,
  user: SessionUser,
  input: UpdatePreferencesRequest,
  actor: Actor,
): Promise<SessionUser> {
  await deps.db.transaction(async (tx) => {
    await updateLanguage(tx, user.id, input.language);
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: user.id,
      action: "update_preferences",
      before: { language: user.language },
      after: input,
    });
  });
  return { ...user, language: input.language };
}
