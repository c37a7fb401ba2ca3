import { type RoundsOf as MachineRounds, machineMsByRound } from "./movement-cost.ts";
import type { CpuByProcess, CpuTime } from "./process-cpu.ts";
import { median, round } from "./stats.ts";

/** One side's alternating rounds with each load process's reading (movement-bench.ts). */
interface RoundsOf extends MachineRounds {
  roundsCpuByProcess?: Array<CpuByProcess | undefined>;
}

/** One side's CPU a movement by process (medians over its rounds), and what the processes leave. */
export interface SideByProcess {
  database: CpuTime;
  api?: CpuTime;
  client: CpuTime;
  /** The machine's busy time a movement less the three processes': interrupts, the rest of the machine. */
  restMs: number;
}

/** The API's side, where the API process is always read. */
type ApiSide = SideByProcess & { api: CpuTime };

const total = (time: CpuTime | undefined) => (time ? time.userMs + time.systemMs : 0);

const medianTime = (times: CpuTime[]): CpuTime => ({
  userMs: round(median(times.map((t) => t.userMs)), 3),
  systemMs: round(median(times.map((t) => t.systemMs)), 3),
});

function side(cores: number, of: RoundsOf | undefined): SideByProcess | undefined {
  const byProcess = of?.roundsCpuByProcess ?? [];
  if (byProcess.length === 0 || byProcess.some((round) => round === undefined)) {
    return undefined;
  }
  const rounds = byProcess as CpuByProcess[];
  const machine = machineMsByRound(cores, of);
  if (!machine || machine.length !== rounds.length) {
    return undefined;
  }
  const rests = rounds.map(
    (round, n) => (machine[n] as number) - total(round.database) - total(round.api) - total(round.client),
  );
  const apis = rounds.map((round) => round.api);
  return {
    database: medianTime(rounds.map((round) => round.database)),
    ...(apis.every((api) => api !== undefined) ? { api: medianTime(apis as CpuTime[]) } : {}),
    client: medianTime(rounds.map((round) => round.client)),
    restMs: round(median(rests), 3),
  };
}

/**
 * A movement's CPU by process, replayed and through the API, from the alternating rounds' /proc
 * readings (process-cpu.ts): which process the API's addition (movement-cost.ts) lands on, and how
 * much of each is the kernel's. Undefined for runs that did not read it (before
 * `results/2026-11-30-23.json`).
 */
export function movementCpuByProcess(
  cores: number,
  replay: RoundsOf | undefined,
  api: RoundsOf | undefined,
): { replay: SideByProcess; api: ApiSide } | undefined {
  const replayed = side(cores, replay);
  const posted = side(cores, api);
  return replayed && posted?.api ? { replay: replayed, api: { ...posted, api: posted.api } } : undefined;
}

const ms = (time: CpuTime) => `${total(time).toFixed(2)} ms (${time.systemMs.toFixed(2)} in the kernel)`;

/** The results table's words for movementCpuByProcess. */
export function byProcessWords(by: { replay: SideByProcess; api: ApiSide }) {
  const { replay, api } = by;
  return {
    measured:
      `replayed: PostgreSQL ${ms(replay.database)}, pgbench ${ms(replay.client)}, the rest ${replay.restMs.toFixed(2)} ms; ` +
      `through the API: PostgreSQL ${ms(api.database)}, the API ${ms(api.api)}, the load generator ${ms(api.client)}, the rest ${api.restMs.toFixed(2)} ms`,
    ratio: `${(total(api.database) / total(replay.database)).toFixed(2)}x`,
  };
}
