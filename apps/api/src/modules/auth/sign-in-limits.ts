import { MESSAGES } from "@wms/domain";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import { clearFailures, countFailuresSince, recordFailures } from "./sign-in-limits.repository.ts";

/**
 * Sign-in throttling (product-decisions 4, reliability checklist B-1/B-2): failures are counted per
 * account and per address over a sliding window, in PostgreSQL so every API process shares them. The
 * same counters guard the admin re-authentication of sensitive actions.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;

export function signInKeys(email: string, ipAddress: string) {
  return { account: `account:${email.toLowerCase()}`, address: `ip:${ipAddress}` };
}

export async function assertSignInAllowed(
  db: DbOrTx,
  clock: Clock,
  email: string,
  ipAddress: string,
): Promise<void> {
  const keys = signInKeys(email, ipAddress);
  const since = new Date(clock.now().getTime() - SIGN_IN_WINDOW_MS);
  const [accountFailures, addressFailures] = await Promise.all([
    countFailuresSince(db, keys.account, since),
    countFailuresSince(db, keys.address, since),
  ]);
  if (accountFailures >= MAX_FAILURES_PER_ACCOUNT || addressFailures >= MAX_FAILURES_PER_ADDRESS) {
    throw new AppError("RATE_LIMITED", MESSAGES.tooManyAttempts, {
      retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000,
    });
  }
}

export async function recordSignInFailure(db: DbOrTx, clock: Clock, email: string, ipAddress: string) {
  const keys = signInKeys(email, ipAddress);
  await recordFailures(db, [keys.account, keys.address], clock.now());
}

/** A successful sign-in clears the account's counter (not the address's: one good account must not
 * unlock guessing at others from the same address). */
export async function recordSignInSuccess(db: DbOrTx, email: string, ipAddress: string) {
  await clearFailures(db, [signInKeys(email, ipAddress).account]);
}
