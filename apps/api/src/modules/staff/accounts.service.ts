import { type Account, type CreateAccountRequest, MESSAGES, type Role, STAFF_LIMIT } from "@wms/domain";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { type Actor, recordAudit } from "../audit/audit.repository.ts";
import { endUserSessions } from "../auth/sessions.service.ts";
import {
  archiveUser,
  countLiveUsers,
  findLiveUserByEmail,
  findLiveUserById,
  insertUser,
  listLiveUsers,
  lockAccountCreation,
  type UserRow,
  updatePassword,
} from "../users/users.repository.ts";

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account: never the hash. */
function auditView(row: UserRow) {
  return { name: row.name, email: row.email, role: row.role, mustChangePassword: row.mustChangePassword };
}

export async function listAccounts(db: Db, role: Role): Promise<Account[]> {
  return (await listLiveUsers(db, role)).map(toAccount);
}

export interface CreateAccountOptions {
  /** Accounts an admin creates get a first password that the person must replace at first sign-in. */
  mustChangePassword: boolean;
}

/**
 * Creates a staff member or an administrator. Creation is serialised by an advisory lock so neither the
 * 100-staff limit nor email uniqueness can be beaten by concurrent requests.
 */
export async function createAccount(
  db: Db,
  role: Role,
  input: CreateAccountRequest,
  actor: Actor,
  options: CreateAccountOptions = { mustChangePassword: true },
): Promise<Account> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockAccountCreation(tx);
    if (role === "staff" && (await countLiveUsers(tx, "staff")) >= STAFF_LIMIT) {
      throw new AppError("STAFF_LIMIT_REACHED", MESSAGES.staffLimitReached, { limit: STAFF_LIMIT });
    }
    if (await findLiveUserByEmail(tx, input.email)) {
      throw new AppError("EMAIL_TAKEN", MESSAGES.emailTaken, { fields: { email: MESSAGES.emailTaken } });
    }
    const row = await insertUser(tx, {
      email: input.email,
      name: input.name,
      role,
      passwordHash,
      mustChangePassword: options.mustChangePassword,
    });
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: row.id,
      action: "create",
      after: auditView(row),
    });
    return toAccount(row);
  });
}

async function requireLiveStaff(db: DbOrTx, id: number): Promise<UserRow> {
  const row = await findLiveUserById(db, id);
  if (row?.role !== "staff") {
    throw new AppError("NOT_FOUND", "Staff member not found.");
  }
  return row;
}

/** Sets a new first password; the member must change it at next sign-in and is signed out now. */
export async function resetStaffPassword(db: Db, id: number, password: string, actor: Actor): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const row = await requireLiveStaff(tx, id);
    await updatePassword(tx, id, passwordHash, true);
    await endUserSessions(tx, id);
    await recordAudit(tx, actor, {
      entity: "user",
      entityId: id,
      action: "reset_password",
      before: auditView(row),
    });
  });
}

/** Archives a staff member (their movements keep the name) and ends every session they have. */
export async function deleteStaff(db: Db, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireLiveStaff(tx, id);
    await archiveUser(tx, id);
    await endUserSessions(tx, id);
    await recordAudit(tx, actor, { entity: "user", entityId: id, action: "archive", before: auditView(row) });
  });
}
