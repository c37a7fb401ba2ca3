import { describe, expect, it } from "vitest";
import { cpuMsPerUnit, fractionStanding, movementCost } from "./movement-cost.ts";

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

describe("fractionStanding", () => {
  const run = (host: string, fraction: number, passed: boolean) => ({ host, fraction, passed });

  it("finds the band where the share both passed and failed, and counts the runs on each side", () => {
    const text = fractionStanding([
      run("fc-v669 AMD EPYC", 0.7, true),
      run("fc-v669 AMD EPYC", 0.78, false),
      run("fc-v782 AMD EPYC", 0.8, true),
      run("fc-v782 AMD EPYC", 0.84, true),
      run("fc-v857 AMD EPYC", 0.9, false),
      run("fc-v857 AMD EPYC", 1.01, false),
    ]);
    expect(text).toContain(
      "over the 6 runs that read the machine's CPU by round: it passed in the 1 run under 0.78, the smallest fraction at which it failed, failed in all 2 runs over 0.84, the largest at which it passed, and passed in 2 of the 3 runs between.",
    );
    expect(text).toContain(
      "By host, the median fraction: fc-v669 AMD EPYC 0.70 (0.70-0.78; passed in 1 of 2); fc-v782 AMD EPYC 0.80 (0.80-0.84; passed in 2 of 2); fc-v857 AMD EPYC 0.90 (0.90-1.01; passed in 0 of 2).",
    );
  });

  it("says so when one fraction cuts the runs cleanly, or when the share went one way in all", () => {
    expect(fractionStanding([run("a", 0.7, true), run("a", 0.75, true), run("b", 0.9, false)])).toContain(
      "it passed in all 2 runs at 0.75 or under and failed in the 1 run at 0.90 or over.",
    );
    expect(fractionStanding([run("a", 0.9, false), run("a", 1.1, false)])).toContain(
      "the share failed in all of them, at fractions of 0.90-1.10.",
    );
    expect(fractionStanding([])).toBeUndefined();
  });
});
