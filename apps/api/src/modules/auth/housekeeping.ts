import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { deleteExpiredSessions } from "./sessions.repository.ts";
import { deleteFailuresBefore } from "./sign-in-limits.repository.ts";
import { SIGN_IN_WINDOW_MS } from "./sign-in-limits.ts";

const HOUR_MS = 3_600_000;

/** Removes sessions and sign-in failures that can no longer matter, once an hour. */
export function startAuthHousekeeping(db: Db, clock: Clock): () => void {
  const run = async () => {
    const now = clock.now();
    await deleteExpiredSessions(db, now);
    await deleteFailuresBefore(db, new Date(now.getTime() - SIGN_IN_WINDOW_MS));
  };
  const timer = setInterval(() => void run().catch(() => {}), HOUR_MS);
  timer.unref();
  void run().catch(() => {});
  return () => clearInterval(timer);
}
