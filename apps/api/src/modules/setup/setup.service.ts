import { randomBytes } from "node:crypto";
import { type CreateFirstAdminRequest, MESSAGES, type SessionUser } from "@wms/domain";
import type { AppDeps } from "../../app-deps.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { type Actor, recordAudit, SYSTEM_ACTOR } from "../audit/audit.repository.ts";
import { hashToken, startSession, toSessionUser } from "../auth/sessions.service.ts";
import { countLiveUsers, insertUser, lockAccountCreation } from "../users/users.repository.ts";
import { deleteSetupTokens, insertSetupToken, isSetupTokenValid } from "./setup.repository.ts";

const SETUP_TOKEN_LIFETIME_MS = 24 * 3_600_000;

export async function isSetupRequired(db: Db): Promise<boolean> {
  return (await countLiveUsers(db, "admin")) === 0;
}

export type FirstAdminOutcome =
  | { kind: "exists" }
  | { kind: "created-from-environment"; email: string }
  | { kind: "setup-link"; path: string };

/**
 * Product-decisions 5: with no administrator yet, create the one named by ADMIN_EMAIL/ADMIN_PASSWORD,
 * or else issue a one-time setup link (the token travels in the URL fragment, so it never reaches a
 * server log). A new link is issued at each start until the first administrator exists.
 */
export async function ensureFirstAdmin(
  deps: Pick<AppDeps, "db" | "config" | "clock">,
): Promise<FirstAdminOutcome> {
  const { db, config, clock } = deps;
  if (!(await isSetupRequired(db))) {
    return { kind: "exists" };
  }
  if (config.initialAdmin) {
    return (await createAdminFromEnvironment(db, config.initialAdmin))
      ? { kind: "created-from-environment", email: config.initialAdmin.email }
      : { kind: "exists" };
  }
  const token = randomBytes(32).toString("base64url");
  await insertSetupToken(db, hashToken(token), new Date(clock.now().getTime() + SETUP_TOKEN_LIFETIME_MS));
  return { kind: "setup-link", path: `/setup#token=${token}` };
}

/**
 * Creates the ADMIN_EMAIL administrator unless an administrator exists by the time the account lock is
 * held: several API processes may start together on one empty database, and only one may create it.
 */
async function createAdminFromEnvironment(
  db: Db,
  admin: { email: string; password: string; name: string },
): Promise<boolean> {
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    await lockAccountCreation(tx);
    if ((await countLiveUsers(tx, "admin")) > 0) {
      return false;
    }
    const row = await insertUser(tx, {
      email: admin.email,
      name: admin.name,
      role: "admin",
      passwordHash,
      mustChangePassword: false,
    });
    await recordAudit(tx, SYSTEM_ACTOR, {
      entity: "user",
      entityId: row.id,
      action: "create_first_admin",
      after: { name: row.name, email: row.email, role: row.role },
    });
    return true;
  });
}

/** Creates the first administrator through the setup link and signs them in. */
export async function completeSetup(
  deps: Pick<AppDeps, "db" | "config" | "clock">,
  input: CreateFirstAdminRequest,
  meta: { ipAddress: string; userAgent?: string; requestId: string },
): Promise<{ user: SessionUser; token: string }> {
  const { db, clock } = deps;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockAccountCreation(tx);
    if ((await countLiveUsers(tx, "admin")) > 0) {
      throw new AppError("SETUP_NOT_AVAILABLE", MESSAGES.setupNotAvailable);
    }
    if (!(await isSetupTokenValid(tx, hashToken(input.token), clock.now()))) {
      throw new AppError("SETUP_NOT_AVAILABLE", MESSAGES.setupLinkInvalid);
    }
    const row = await insertUser(tx, {
      email: input.email,
      name: input.name,
      role: "admin",
      passwordHash,
      mustChangePassword: false,
    });
    await deleteSetupTokens(tx);
    const actor: Actor = { userId: row.id, requestId: meta.requestId };
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: row.id,
      action: "create_first_admin",
      after: { name: row.name, email: row.email, role: row.role },
    });
    const token = await startSession(tx, deps, row.id, meta);
    return { user: toSessionUser(row), token };
  });
}
