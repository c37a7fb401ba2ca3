import fs from "node:fs";

/** A process's CPU time so far, in user mode and in the kernel, and its minor page faults. */
export interface ProcessCpu {
  userMs: number;
  systemMs: number;
  minorFaults: number;
}

/** Clock ticks a second in /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * A /proc/<pid>/stat line's fields from the third (the state) on, with a reader of a CPU time among
 * them in ms: the name before them, in parentheses, may hold spaces and parentheses of its own.
 */
function statFields(stat: string) {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { fields, ms: (at: number) => (Number(fields[at]) * 1000) / TICKS_PER_SECOND };
}

/** minflt, utime and stime of one /proc/<pid>/stat line (fields 10, 14 and 15). */
export function statFigures(stat: string): ProcessCpu {
  const { fields, ms } = statFields(stat);
  return { minorFaults: Number(fields[7]), userMs: ms(11), systemMs: ms(12) };
}

/**
 * The CPU a process has spent so far and what its children that have ended (and been waited for)
 * spent, with its parent's pid: fields 4, 14-17 of a /proc/<pid>/stat line. A child's time moves
 * into its parent's reaped figures when it ends, so a process's own time plus its reaped children's
 * counts a short-lived child whole (a pgbench run, a database backend that ended).
 */
export interface ProcessTreeTimes {
  parentPid: number;
  own: { userMs: number; systemMs: number };
  reaped: { userMs: number; systemMs: number };
}

/** The figures of ProcessTreeTimes from one /proc/<pid>/stat line. */
export function statTreeTimes(stat: string): ProcessTreeTimes {
  const { fields, ms } = statFields(stat);
  return {
    parentPid: Number(fields[1]),
    own: { userMs: ms(11), systemMs: ms(12) },
    reaped: { userMs: ms(13), systemMs: ms(14) },
  };
}

/** The figures of process `pid` now; undefined once it has gone. */
export function processCpu(pid: number, procDir = "/proc"): ProcessCpu | undefined {
  try {
    return statFigures(fs.readFileSync(`${procDir}/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}
