import { describe, expect, it } from "vitest";
import { byProcessWords, movementCpuByProcess } from "./movement-processes.ts";

const busy = (busyPct: number) => ({ busyPct, idlePct: 100 - busyPct, iowaitPct: 0, stealPct: 0 });
const time = (userMs: number, systemMs: number) => ({ userMs, systemMs });

// Two cores 90% busy at 2,000 replayed movements/s: 0.9 ms of the machine's CPU a movement.
const replay = {
  rounds: [2000, 2000, 2000],
  roundsHostCpu: [busy(90), busy(90), busy(90)],
  roundsCpuByProcess: [
    { database: time(0.5, 0.2), client: time(0.05, 0.03) },
    { database: time(0.6, 0.2), client: time(0.04, 0.02) },
    { database: time(0.55, 0.25), client: time(0.05, 0.02) },
  ],
};
// 80% busy at 1,000/s: 1.6 ms a movement.
const api = {
  rounds: [1000, 1000, 1000],
  roundsHostCpu: [busy(80), busy(80), busy(80)],
  roundsCpuByProcess: [
    { database: time(0.55, 0.25), api: time(0.35, 0.1), client: time(0.07, 0.02) },
    { database: time(0.6, 0.2), api: time(0.4, 0.12), client: time(0.08, 0.02) },
    { database: time(0.65, 0.3), api: time(0.38, 0.11), client: time(0.07, 0.03) },
  ],
};

describe("movementCpuByProcess", () => {
  it("gives each process's median CPU a movement and what the machine spent beside them", () => {
    // The rest by round: 0.9 ms less 0.78, 0.86 and 0.87 ms replayed; 1.6 less 1.34, 1.42 and 1.54 ms.
    const by = movementCpuByProcess(2, replay, api);
    expect(by?.replay).toEqual({ database: time(0.55, 0.2), client: time(0.05, 0.02), restMs: 0.04 });
    expect(by?.api).toEqual({
      database: time(0.6, 0.25),
      api: time(0.38, 0.11),
      client: time(0.07, 0.02),
      restMs: 0.18,
    });
  });

  it("has no figures for runs that did not read the processes in every round", () => {
    expect(movementCpuByProcess(2, { ...replay, roundsCpuByProcess: undefined }, api)).toBeUndefined();
    const oneUnread = { ...api, roundsCpuByProcess: [...api.roundsCpuByProcess.slice(1), undefined] };
    expect(movementCpuByProcess(2, replay, oneUnread)).toBeUndefined();
    expect(movementCpuByProcess(2, replay, { ...api, roundsHostCpu: undefined })).toBeUndefined();
  });

  it("puts it in words, with PostgreSQL's CPU through the API against under the replay", () => {
    const by = movementCpuByProcess(2, replay, api);
    expect(by && byProcessWords(by)).toEqual({
      measured:
        "replayed: PostgreSQL 0.75 ms (0.20 in the kernel), pgbench 0.07 ms (0.02 in the kernel), the rest 0.04 ms; " +
        "through the API: PostgreSQL 0.85 ms (0.25 in the kernel), the API 0.49 ms (0.11 in the kernel), the load generator 0.09 ms (0.02 in the kernel), the rest 0.18 ms",
      ratio: "1.13x",
    });
  });
});
