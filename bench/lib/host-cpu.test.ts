import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostCpuShares, hostCpuTicks, parseProcStat, withHostCpu } from "./host-cpu.ts";
import { hostCpuLine } from "./report.ts";
import { withTempDir } from "./temp-dir.fixture.ts";

// Two readings of a two-core KVM guest ten seconds apart (2,000 ticks), taken during a benchmark run.
const BEFORE = "cpu  222692 4079 58906 198362 3184 0 4931 14063 0 0\ncpu0 111 0 0 0 0 0 0 0 0 0\n";
const AFTER = "cpu  223457 4079 59469 198550 3278 0 5182 14201 0 0\ncpu0 222 0 0 0 0 0 0 0 0 0\n";

describe("the host's CPU shares", () => {
  it("reads the aggregate line, counting irq and softirq as busy and leaving guest time in user", () => {
    expect(parseProcStat(BEFORE)).toEqual({
      busy: 222692 + 4079 + 58906 + 0 + 4931,
      idle: 198362,
      iowait: 3184,
      steal: 14063,
    });
  });

  it("shares the ticks between two readings out as percentages of all the cores' time", () => {
    // busy 765 + 563 + 251 = 1,579, idle 188, I/O wait 94, steal 138: 1,999 ticks.
    expect(hostCpuShares(parseProcStat(BEFORE), parseProcStat(AFTER))).toEqual({
      busyPct: 79,
      idlePct: 9.4,
      iowaitPct: 4.7,
      stealPct: 6.9,
    });
  });

  it("gives no shares when a reading is missing or no tick passed", () => {
    const reading = parseProcStat(BEFORE);
    expect(hostCpuShares(undefined, reading)).toBeUndefined();
    expect(hostCpuShares(reading, reading)).toBeUndefined();
  });

  it("refuses a file without the aggregate line, and reads nothing where there is no file", () => {
    expect(() => parseProcStat("cpu0 1 2 3 4 5 6 7 8\n")).toThrow(/aggregate cpu line/);
    expect(() => parseProcStat("cpu  1 2 3\n")).toThrow(/eight figures/);
    withTempDir("host-cpu-", (dir) => {
      expect(hostCpuTicks(path.join(dir, "stat"))).toBeUndefined();
    });
  });

  it("reads this machine over a stretch of work, its shares adding up to the whole", async () => {
    const { value, host } = await withHostCpu(async () => {
      const until = Date.now() + 200;
      let spins = 0;
      while (Date.now() < until) {
        spins++;
      }
      return spins;
    });
    expect(value).toBeGreaterThan(0);
    expect(host).toBeDefined();
    const sum = (host?.busyPct ?? 0) + (host?.idlePct ?? 0) + (host?.iowaitPct ?? 0) + (host?.stealPct ?? 0);
    expect(sum).toBeGreaterThan(99.5);
    expect(sum).toBeLessThan(100.5);
    expect(host?.busyPct).toBeGreaterThan(0);
  });
});

describe("hostCpuLine", () => {
  const shares = (stealPct: number) => ({ busyPct: 80, idlePct: 15, iowaitPct: 1, stealPct });

  it("names the run's steal, each part's in the run's order, and the rounds side by side", () => {
    const line = hostCpuLine({
      run: { busyPct: 70, idlePct: 20.5, iowaitPct: 2, stealPct: 7.5 },
      phases: { replayRounds: shares(9), tpcb: shares(3), movements: null },
      replayRounds: { shares: [shares(2), shares(12)], cpuCheckMs: [93.4, 140.2] },
      apiRounds: { shares: [shares(4), undefined], cpuCheckMs: [95, 131.7] },
    });
    expect(line).toContain("over the run steal 7.5%, idle 20.5%, I/O wait 2%");
    expect(line).toContain("; steal by part: TPC-B 3%, replay rounds 9%;");
    expect(line).toContain(
      "; in the replay's rounds steal 2%, 12% after CPU checks of 93.4, 140.2 ms; in the API's steal 4%, not read after CPU checks of 95, 131.7 ms.",
    );
  });

  it("says so when the run's shares were not read, and leaves out what was not measured", () => {
    expect(hostCpuLine({ phases: {} })).toMatch(/: over the run not read\.$/);
  });
});
