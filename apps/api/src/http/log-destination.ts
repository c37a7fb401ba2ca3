import { type DestinationStream, pino } from "pino";
import type { Config } from "../config.ts";

/** Lines are held until about this much is waiting (pino's own example of buffered logging). */
const HELD_BYTES = 4096;
/** ... and never longer than this, so a quiet server's lines still show within a second. */
const HELD_MS = 1000;

/**
 * Where the server's log lines go: standard output, written in chunks instead of one system call a
 * line. At the default level the server logs every request; written one at a time, at 1,300-1,400
 * movements a second on two cores, those lines took about a tenth of the API's CPU a movement and
 * 1-9% of its rate (decision 027). Pino writes what is held when the process exits, on SIGTERM, on
 * SIGINT and after an uncaught exception; a process killed outright (SIGKILL, the OOM killer) loses at
 * most the last second of lines. Undefined when nothing is logged (the tests run silent), so no
 * timer runs there.
 */
export function serverLogDestination(level: Config["logLevel"]): DestinationStream | undefined {
  if (level === "silent") {
    return undefined;
  }
  return pino.destination({ dest: 1, sync: false, minLength: HELD_BYTES, periodicFlush: HELD_MS });
}
