import { type AdminCredentials, MESSAGES } from "@wms/domain";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { verifyAgainstDummy, verifyPassword } from "../../lib/passwords.ts";
import { findLiveUserByEmail } from "../users/users.repository.ts";
import { claimSignInAttempt, releaseSignInAttempt } from "./sign-in-limits.ts";

/**
 * Product-decisions 6: edit warehouse, delete warehouse and delete container shelf need an admin's
 * email and password re-entered. They are checked here, on the server, against an active admin; a
 * failure counts towards the same sign-in limits as a failed login. Callers are already admin routes,
 * so a staff session can never reach this to act as an admin.
 */
export async function verifyAdminCredentials(
  deps: { db: Db; clock: Clock },
  credentials: AdminCredentials,
  ipAddress: string,
): Promise<void> {
  const { db, clock } = deps;
  // Counted before the password is checked; wrong credentials leave it counted as a failure.
  const attempt = await claimSignInAttempt(db, clock, credentials.email, ipAddress);
  const user = await findLiveUserByEmail(db, credentials.email);
  const isValid = user
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  if (!user || !isValid || user.role !== "admin") {
    throw new AppError("ADMIN_REAUTH_FAILED", MESSAGES.invalidAdminCredentials);
  }
  await releaseSignInAttempt(db, attempt);
}
