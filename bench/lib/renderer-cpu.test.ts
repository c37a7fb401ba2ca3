import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { statFigures } from "./proc-stat.ts";
import { rendererCpuBetween, rendererCpuMedians, rendererSnapshot } from "./renderer-cpu.ts";
import { withTempDir } from "./temp-dir.fixture.ts";

// A /proc/<pid>/stat line whose name holds a space and a parenthesis, as Chromium's threads' may.
const stat = (minflt: number, utime: number, stime: number) =>
  `4242 (chromium (x)) S 1 2 3 0 -1 4194560 ${minflt} 0 0 0 ${utime} ${stime} 0 0 20 0 12 0 100 0 0`;

describe("the renderers' CPU over a visit", () => {
  it("reads minor faults and the user and kernel times, in ms, from a stat line", () => {
    expect(statFigures(stat(18_000, 95, 42))).toEqual({ minorFaults: 18_000, userMs: 950, systemMs: 420 });
  });

  it("finds only renderer processes in /proc", () => {
    withTempDir("proc-", (dir, write) => {
      const add = (pid: string, cmdline: string, line: string) => {
        write(path.join(pid, "cmdline"), cmdline);
        write(path.join(pid, "stat"), line);
      };
      add("100", "/usr/lib/chromium/chromium\0--type=renderer\0", stat(10, 5, 2));
      add("101", "/usr/lib/chromium/chromium\0--type=gpu-process\0", stat(99, 99, 99));
      add("102", "node\0server.js\0", stat(99, 99, 99));
      fs.mkdirSync(path.join(dir, "self"));
      const snapshot = rendererSnapshot(dir);
      expect([...snapshot.keys()]).toEqual([100]);
      expect(snapshot.get(100)).toEqual({ minorFaults: 10, userMs: 50, systemMs: 20 });
    });
  });

  it("counts a renderer that started during the visit from zero, and one that was there from its last reading", () => {
    const before = new Map([[1, { userMs: 100, systemMs: 50, minorFaults: 1000 }]]);
    const after = new Map([
      [1, { userMs: 160, systemMs: 70, minorFaults: 1500 }],
      [2, { userMs: 900, systemMs: 400, minorFaults: 20_000 }],
    ]);
    expect(rendererCpuBetween(before, after)).toEqual({ userMs: 960, systemMs: 420, minorFaults: 20_500 });
  });

  it("gives each figure's median and the kernel's share of all the visits' CPU", () => {
    expect(
      rendererCpuMedians([
        { userMs: 900, systemMs: 400, minorFaults: 20_000 },
        { userMs: 1000, systemMs: 500, minorFaults: 22_000 },
        { userMs: 1100, systemMs: 600, minorFaults: 21_000 },
      ]),
    ).toEqual({ userMs: 1000, systemMs: 500, minorFaults: 21_000, kernelSharePercent: 33 });
  });
});
