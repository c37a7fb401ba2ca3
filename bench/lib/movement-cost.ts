import type { HostCpuShares } from "./host-cpu.ts";
import { median, round } from "./stats.ts";

/**
 * The machine's CPU a unit of work over a stretch of the run: all its cores' busy time over the
 * stretch, over the units done in it. The replay and the API load the same machine, so the two
 * costs side by side show what the API's path adds to a movement, PostgreSQL's and the kernel's
 * extra work under it included.
 */
export function cpuMsPerUnit(shares: HostCpuShares | undefined, perSecond: number, cores: number) {
  if (!shares || !(perSecond > 0) || !(cores > 0)) {
    return undefined;
  }
  return ((shares.busyPct / 100) * cores * 1000) / perSecond;
}

export interface MovementCost {
  /** Milliseconds of the machine's CPU a TPC-B transaction, over pgbench's own run. */
  tpcbMs?: number;
  /** A replayed movement's, by alternating round. */
  replayMs: number[];
  /** A movement through the API's, by the same rounds. */
  apiMs: number[];
  /** The median over the rounds of what the API adds to its round's replayed movement. */
  additionMs: number;
  /**
   * That addition over the median replayed movement. The replay share is about the ratio of the
   * cores' busy time under the API to that under the replay, over one plus this fraction; the
   * standing (fractionStanding) gives the fractions at which it has passed and failed so far.
   */
  fraction: number;
}

/** One side's alternating rounds as the results keep them (movementReplay, movements.alternating). */
export interface RoundsOf {
  rounds?: number[];
  roundsHostCpu?: Array<HostCpuShares | undefined>;
}

/**
 * The machine's CPU a movement in each of a side's rounds; undefined when it has no rounds or a
 * round was not read.
 */
export function machineMsByRound(cores: number, side: RoundsOf | undefined): number[] | undefined {
  const costs = (side?.rounds ?? []).map((rate, n) => cpuMsPerUnit(side?.roundsHostCpu?.[n], rate, cores));
  return costs.length === 0 || costs.some((ms) => ms === undefined) ? undefined : (costs as number[]);
}

/**
 * A run's machine CPU a movement, replayed and through the API, from its alternating rounds;
 * undefined for runs that did not read the machine's CPU by round (before 2026-11-29).
 */
export function movementCost(
  cores: number,
  replay: RoundsOf | undefined,
  api: RoundsOf | undefined,
  tpcb?: { shares?: HostCpuShares; tps: number },
): MovementCost | undefined {
  const replayed = machineMsByRound(cores, replay);
  const posted = machineMsByRound(cores, api);
  if (!replayed || !posted || replayed.length !== posted.length) {
    return undefined;
  }
  const additionMs = median(posted.map((ms, n) => ms - (replayed[n] as number)));
  const tpcbMs = tpcb ? cpuMsPerUnit(tpcb.shares, tpcb.tps, cores) : undefined;
  return {
    ...(tpcbMs === undefined ? {} : { tpcbMs: round(tpcbMs, 2) }),
    replayMs: replayed.map((ms) => round(ms, 2)),
    apiMs: posted.map((ms) => round(ms, 2)),
    additionMs: round(additionMs, 2),
    fraction: round(additionMs / median(replayed), 2),
  };
}

/** One run's replay-share verdict beside the API's addition as a fraction of a replayed movement. */
export interface FractionVerdict {
  host: string;
  fraction: number;
  passed: boolean;
}

/**
 * The replay share over the runs, sorted by the API's addition as a fraction of a replayed
 * movement: the smallest fraction at which the share failed and the largest at which it passed, how
 * the runs below, between and above those two went, and each host's median fraction. Read off the
 * runs, not set: a band that narrows or moves as runs come in shows it.
 */
export function fractionStanding(runs: FractionVerdict[]): string | undefined {
  if (runs.length === 0) {
    return undefined;
  }
  const failed = runs.filter((run) => !run.passed).map((run) => run.fraction);
  const passed = runs.filter((run) => run.passed).map((run) => run.fraction);
  const figure = (fraction: number) => fraction.toFixed(2);
  const plural = (n: number) => `${n} run${n === 1 ? "" : "s"}`;
  const allOf = (n: number) => (n === 1 ? "the 1 run" : `all ${n} runs`);
  const hosts = [...new Set(runs.map((run) => run.host))].map((host) => {
    const own = runs.filter((run) => run.host === host);
    const fractions = own.map((run) => run.fraction);
    const passes = own.filter((run) => run.passed).length;
    return `${host} ${figure(median(fractions))} (${figure(Math.min(...fractions))}-${figure(Math.max(...fractions))}; passed in ${passes} of ${own.length})`;
  });
  const lead = `The replay share by what the API adds to a movement's CPU, as a fraction of a replayed movement's (\`lib/movement-cost.ts\`), over the ${plural(runs.length)} that read the machine's CPU by round`;
  let band: string;
  if (failed.length === 0 || passed.length === 0) {
    band = `the share ${failed.length === 0 ? "passed" : "failed"} in all of them, at fractions of ${figure(Math.min(...runs.map((r) => r.fraction)))}-${figure(Math.max(...runs.map((r) => r.fraction)))}`;
  } else {
    const lowestFail = Math.min(...failed);
    const highestPass = Math.max(...passed);
    const below = runs.filter((run) => run.fraction < lowestFail);
    const above = runs.filter((run) => run.fraction > highestPass);
    const between = runs.filter((run) => run.fraction >= lowestFail && run.fraction <= highestPass);
    band =
      between.length === 0
        ? `it passed in ${allOf(below.length)} at ${figure(highestPass)} or under and failed in ${allOf(above.length)} at ${figure(lowestFail)} or over`
        : [
            `it passed in ${allOf(below.length)} under ${figure(lowestFail)}, the smallest fraction at which it failed`,
            `failed in ${allOf(above.length)} over ${figure(highestPass)}, the largest at which it passed`,
            `and passed in ${between.filter((run) => run.passed).length} of the ${plural(between.length)} between`,
          ].join(", ");
  }
  return `${lead}: ${band}. By host, the median fraction: ${hosts.join("; ")}.`;
}
