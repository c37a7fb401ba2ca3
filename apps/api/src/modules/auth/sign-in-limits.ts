import { MESSAGES } from "@wms/domain";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import {
  clearFailures,
  countFailuresSince,
  deleteFailuresById,
  recordFailures,
} from "./sign-in-limits.repository.ts";

/**
 * Sign-in throttling (product-decisions 4, reliability checklist B-1/B-2): failures are counted per
 * account and per address over a sliding window, in PostgreSQL so every API process shares them. The
 * same counters guard the admin re-authentication of sensitive actions and the password change.
 *
 * An attempt is counted **before** its password is checked (reliability checklist F16): checking the
 * count and recording the failure afterwards let any number of attempts sent at once pass the check
 * together, since none had failed yet. So each attempt first claims a failure row for the account and
 * for the address, and only then is the password checked; the claim stays as the failure record when
 * it is wrong, and is removed when it is right (or the attempt is not a guess at all).
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;

export function signInKeys(email: string, ipAddress: string) {
  return { account: `account:${email.toLowerCase()}`, address: `ip:${ipAddress}` };
}

/** One attempt being checked: its claimed failure rows (account, address). */
export interface SignInAttempt {
  email: string;
  ipAddress: string;
  claimIds: number[];
}

/**
 * Counts this attempt against the account's and the address's allowance, or refuses it with 429 when
 * either is used up. The claim is written first and the counts read after it: of attempts arriving
 * together, the k-th to count sees at least the k claims written before it, so no more than an
 * allowance's worth of them is ever checked (no lock, nothing waits). A refused attempt takes its claim
 * back; until released, an attempt counts as a failure, and a process that dies meanwhile leaves it
 * counted, which errs on the safe side.
 */
export async function claimSignInAttempt(
  db: DbOrTx,
  clock: Clock,
  email: string,
  ipAddress: string,
): Promise<SignInAttempt> {
  const keys = signInKeys(email, ipAddress);
  const now = clock.now();
  const claimIds = await recordFailures(db, [keys.account, keys.address], now);
  const [account = 0, address = 0] = await countFailuresSince(
    db,
    [keys.account, keys.address],
    new Date(now.getTime() - SIGN_IN_WINDOW_MS),
  );
  // Both counts include this attempt's own claim.
  if (account > MAX_FAILURES_PER_ACCOUNT || address > MAX_FAILURES_PER_ADDRESS) {
    await deleteFailuresById(db, claimIds);
    throw new AppError("RATE_LIMITED", MESSAGES.tooManyAttempts, {
      retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000,
    });
  }
  return { email, ipAddress, claimIds };
}

/** The attempt was not a wrong password (right password, wrong portal...): it no longer counts. */
export async function releaseSignInAttempt(db: DbOrTx, attempt: SignInAttempt): Promise<void> {
  await deleteFailuresById(db, attempt.claimIds);
}

/**
 * A successful sign-in: its own claim is released and the account's counter cleared (not the
 * address's: one good account must not unlock guessing at others from the same address).
 */
export async function recordSignInSuccess(db: DbOrTx, attempt: SignInAttempt): Promise<void> {
  await deleteFailuresById(db, attempt.claimIds);
  await clearFailures(db, [signInKeys(attempt.email, attempt.ipAddress).account]);
}
