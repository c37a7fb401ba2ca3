import { randomBytes } from "node:crypto";
import type { Role } from "@wms/domain";
import { sessionCookieName } from "../../src/http/session-cookie.ts";
import { hashPassword } from "../../src/lib/passwords.ts";
import { startSession } from "../../src/modules/auth/sessions.service.ts";
import { insertUser, type UserRow } from "../../src/modules/users/users.repository.ts";
import type { TestContext } from "../context.ts";

export const DEFAULT_PASSWORD = "correct horse battery";

let sequence = 0;
let defaultHash: Promise<string> | undefined;

export interface UserOverrides {
  role?: Role;
  email?: string;
  name?: string;
  password?: string;
  mustChangePassword?: boolean;
}

/** Inserts an account; emails are unique per call. Accounts with the default password share one hash. */
export async function createUser(
  ctx: TestContext,
  overrides: UserOverrides = {},
): Promise<UserRow & { password: string }> {
  sequence += 1;
  const role = overrides.role ?? "staff";
  const password = overrides.password ?? DEFAULT_PASSWORD;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = password === DEFAULT_PASSWORD ? await defaultHash : await hashPassword(password);
  const row = await insertUser(ctx.db, {
    role,
    email: overrides.email ?? `${role}-${sequence}-${randomBytes(3).toString("hex")}@example.com`,
    name: overrides.name ?? `${role === "admin" ? "Admin" : "Staff"} Member ${sequence}`,
    passwordHash,
    mustChangePassword: overrides.mustChangePassword ?? false,
  });
  return { ...row, password };
}

/** A signed-in session for `userId` without going through the (deliberately slow) sign-in. */
export async function sessionCookieFor(ctx: TestContext, userId: number): Promise<string> {
  const token = await startSession(ctx.db, ctx, userId, { ipAddress: "127.0.0.1" });
  return `${sessionCookieName(ctx.config)}=${token}`;
}

export async function signedInAs(ctx: TestContext, overrides: UserOverrides = {}) {
  const user = await createUser(ctx, overrides);
  return { user, cookie: await sessionCookieFor(ctx, user.id) };
}
