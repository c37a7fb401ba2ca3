import { describe, expect, it } from "vitest";
import { cpuMsPerUnit, movementCost } from "./movement-cost.ts";

const busy = (busyPct: number) => ({ busyPct, idlePct: 100 - busyPct, iowaitPct: 0, stealPct: 0 });

describe("cpuMsPerUnit", () => {
  it("is the cores' busy time over the units done", () => {
    // Two cores 93% busy for a second: 1,860 ms of CPU over 2,480 movements.
    expect(cpuMsPerUnit(busy(93), 2480, 2)).toBeCloseTo(0.75, 3);
  });

  it("has no figure without a reading, a rate or a core", () => {
    expect(cpuMsPerUnit(undefined, 2480, 2)).toBeUndefined();
    expect(cpuMsPerUnit(busy(93), 0, 2)).toBeUndefined();
    expect(cpuMsPerUnit(busy(93), 2480, 0)).toBeUndefined();
  });
});

describe("movementCost", () => {
  // results/2026-11-30-15.json, the thirty-sixth session's first run.
  const replay = { rounds: [2475, 2598, 2377], roundsHostCpu: [busy(93.3), busy(93.1), busy(92.9)] };
  const api = { rounds: [1164.2, 1294.3, 1270.2], roundsHostCpu: [busy(83.2), busy(82.6), busy(82.1)] };

  it("gives each round's cost, the API's median addition and its fraction of a replayed movement", () => {
    expect(movementCost(2, replay, api, { shares: busy(92.2), tps: 3378 })).toEqual({
      tpcbMs: 0.55,
      replayMs: [0.75, 0.72, 0.78],
      apiMs: [1.43, 1.28, 1.29],
      additionMs: 0.56,
      fraction: 0.74,
    });
  });

  it("leaves TPC-B out when its run was not read", () => {
    expect(movementCost(2, replay, api)).not.toHaveProperty("tpcbMs");
  });

  it("has no figure for runs that did not read the machine's CPU by round", () => {
    expect(movementCost(2, { rounds: [2475] }, { rounds: [1164.2] })).toBeUndefined();
    expect(movementCost(2, replay, { rounds: [1164.2], roundsHostCpu: [busy(83.2)] })).toBeUndefined();
    expect(movementCost(2, undefined, api)).toBeUndefined();
  });
});
