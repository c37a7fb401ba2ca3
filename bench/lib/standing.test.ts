import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { movementResults } from "./results.fixture.ts";
import {
  budgetKey,
  hostOf,
  measuresEveryBudgetAsNow,
  type RunVerdicts,
  readRuns,
  runVerdicts,
  standingMarkdown,
  writeStanding,
} from "./standing.ts";
import { withTempDir } from "./temp-dir.fixture.ts";

/** A full run as run.ts stores it now, with its movement rows, one report and the two browser budgets. */
function fullRun(options: { startedAt: string; kernel: string; apiRps: number; gridMs: number }) {
  return {
    mode: "full",
    startedAt: options.startedAt,
    machine: { kernel: options.kernel, cpuModel: "AMD EPYC" },
    ...movementResults(options.apiRps, 2000, 3000),
    reports: {
      runs: [
        {
          type: "valuation",
          period: "year",
          start: "2025-11-01",
          end: "2026-10-31",
          medianMs: 640,
          ms: { max: 700 },
          ledgerRows: 900_000,
          anchorMs: 150,
          ratio: 4.3,
        },
      ],
    },
    gridRender: {
      status: "measured",
      inViewMs: options.gridMs,
      renderMs: 200,
      cells: 2004,
      visitsMs: [1, 2, 3, 4, 5, 6, 7],
    },
    lighthouse: { login: { score: 97, scores: [97, 97, 97, 97, 97], metrics: { lcpMs: 2000, tbtMs: 0 } } },
  };
}

const verdicts = (file: string, startedAt: string, host: string, entries: Array<[string, "pass" | "FAIL"]>) =>
  ({ file, startedAt, host, verdicts: new Map(entries) }) satisfies RunVerdicts;

const tableRow = (markdown: string, budget: string) =>
  markdown.split("\n").find((line) => line.startsWith(`| ${budget} |`));

describe("the budgets' standing", () => {
  it("names a budget without the run's own dates, and a host by its kernel build, CPU and its model where known", () => {
    expect(budgetKey("Report valuation, full year (2025-11-01..2026-10-31) < 1 s")).toBe(
      "Report valuation, full year < 1 s",
    );
    expect(budgetKey("Movement POST p95 < 25 ms")).toBe("Movement POST p95 < 25 ms");
    expect(hostOf({ machine: { kernel: "6.18.44-fc-v657", cpuModel: "Intel(R) Xeon(R) Processor" } })).toBe(
      "fc-v657 Intel Xeon",
    );
    const amd = { kernel: "6.18.44-fc-v1300", cpuModel: "AMD EPYC" };
    expect(hostOf({ machine: { ...amd, cpuId: "family 25 model 1 stepping 1" } })).toBe(
      "fc-v1300 AMD EPYC 25/1",
    );
    expect(hostOf({ machine: { ...amd, cpuId: "family 25 model 17 stepping 1" } })).toBe(
      "fc-v1300 AMD EPYC 25/17",
    );
    expect(hostOf({ machine: { ...amd, cpuId: null } })).toBe("fc-v1300 AMD EPYC");
  });

  it("takes only full runs that measured every budget as the benchmark does now", () => {
    const run = fullRun({
      startedAt: "2026-11-29T00:00:00Z",
      kernel: "6.18.44-fc-v669",
      apiRps: 1100,
      gridMs: 90,
    });
    expect(measuresEveryBudgetAsNow(run)).toBe(true);
    expect(measuresEveryBudgetAsNow({ ...run, mode: "quick" })).toBe(false);
    expect(
      measuresEveryBudgetAsNow({ ...run, movements: { ...run.movements, alternating: undefined } }),
    ).toBe(false);
    expect(
      measuresEveryBudgetAsNow({ ...run, gridRender: { ...run.gridRender, visitsMs: [90, 91, 92] } }),
    ).toBe(false);
    const { inViewMs: _, ...withoutInView } = run.gridRender;
    expect(measuresEveryBudgetAsNow({ ...run, gridRender: withoutInView })).toBe(false);
    expect(
      measuresEveryBudgetAsNow({
        ...run,
        lighthouse: { login: { ...run.lighthouse.login, scores: [97, 97, 97] } },
      }),
    ).toBe(false);
  });

  it("keeps a run's verdicts by budget, leaving out rows that have no budget", () => {
    const run = runVerdicts(
      "2026-11-29.json",
      fullRun({
        startedAt: "2026-11-29T00:00:00Z",
        kernel: "6.18.44-fc-v669",
        apiRps: 1100,
        gridMs: 160,
      }),
    );
    expect(run.host).toBe("fc-v669 AMD EPYC");
    expect(run.verdicts.get("Report valuation, full year < 1 s")).toBe("pass");
    // 1,100 movements/s: 36.7% of TPC-B's 3,000 tps, 55% of the replay's 2,000.
    expect(run.verdicts.get("Movement POST at 8 clients: >= 50% of pgbench TPC-B tps")).toBe("FAIL");
    expect(
      run.verdicts.get(
        "Movement POST at 8 clients: >= 50% of the same movement's SQL replayed by pgbench (decision 013)",
      ),
    ).toBe("pass");
    expect(
      run.verdicts.get("100x20 grid renders < 150 ms in Chromium (every cell in view painted; decision 015)"),
    ).toBe("FAIL");
    expect([...run.verdicts.keys()].some((budget) => budget.includes("no budget"))).toBe(false);
  });

  it("keeps a run's kernel check and its grid visits' renderer CPU where it made them", () => {
    const run = (startedAt: string) =>
      fullRun({ startedAt, kernel: "6.18.44-fc-v782", apiRps: 1100, gridMs: 160 });
    const older = runVerdicts("2026-11-28.json", run("2026-11-28T00:00:00Z"));
    expect(older.kernel).toBeUndefined();
    expect(older.renderer).toBeUndefined();
    const checked = run("2026-11-29T01:00:00Z");
    const newer = runVerdicts("2026-11-29-2.json", {
      ...checked,
      kernelCheck: {
        start: { syscallUs: 2.7, pageTouchUs: 12.5 },
        end: { syscallUs: 2.8, pageTouchUs: 12.2 },
      },
      gridRender: {
        ...checked.gridRender,
        renderer: { userMs: 900, systemMs: 400, minorFaults: 20_000, kernelSharePercent: 31 },
      },
    });
    expect(newer.kernel).toEqual({ syscallUs: 2.7, pageTouchUs: 12.5 });
    expect(newer.guest).toBeUndefined();
    const guestOfMachine = (machine: Record<string, unknown>) =>
      runVerdicts("2026-11-29-3.json", { ...checked, machine: { ...checked.machine, ...machine } }).guest;
    expect(guestOfMachine({ hypervisor: "PVM", pageTableIsolation: true })).toBe(
      "PVM with page-table isolation",
    );
    expect(guestOfMachine({ hypervisor: "KVM", pageTableIsolation: false })).toBe("KVM");
    expect(newer.renderer).toEqual({
      userMs: 900,
      systemMs: 400,
      minorFaults: 20_000,
      kernelSharePercent: 31,
    });
  });

  it("counts each budget's passes in all, per host, and over the last runs in the order they started", () => {
    const share = "Movement POST at 8 clients: >= 50% of pgbench TPC-B tps";
    const grid = "Grid render < 150 ms";
    const markdown = standingMarkdown([
      // Given out of order, and with file names that sort otherwise ("-10" before "-9").
      verdicts("2026-11-27-10.json", "2026-11-27T12:00:00Z", "fc-v782 AMD EPYC", [
        [share, "FAIL"],
        [grid, "FAIL"],
      ]),
      verdicts("2026-11-27-9.json", "2026-11-27T11:00:00Z", "fc-v669 AMD EPYC", [
        [share, "FAIL"],
        [grid, "pass"],
      ]),
      verdicts("2026-11-28.json", "2026-11-28T00:00:00Z", "fc-v669 AMD EPYC", [
        [share, "pass"],
        [grid, "pass"],
      ]),
    ]);
    expect(markdown).toContain(
      "3 full runs, from `results/2026-11-27-9.json` (2026-11-27) to `results/2026-11-28.json`",
    );
    expect(markdown).toContain(
      "Every budget passed in 1 of them, every budget but the TPC-B share (decision 013) in 2.",
    );
    expect(markdown).toContain(
      "| Budget | All runs | fc-v669 AMD EPYC (2 runs) | fc-v782 AMD EPYC (1 run) | Last 3 runs, newest first |",
    );
    expect(tableRow(markdown, share)).toBe(`| ${share} | 1 of 3 | 1/2 | 0/1 | pass, FAIL, FAIL |`);
    expect(tableRow(markdown, grid)).toBe(`| ${grid} | 2 of 3 | 2/2 | 0/1 | pass, FAIL, pass |`);
  });

  it("gives each host's kernel check, the median over the runs that made one, and nothing for hosts without", () => {
    const grid = "Grid render < 150 ms";
    const withCheck = (
      file: string,
      startedAt: string,
      host: string,
      syscallUs: number,
      pageTouchUs: number,
    ) => ({
      ...verdicts(file, startedAt, host, [[grid, "FAIL"]]),
      kernel: { syscallUs, pageTouchUs },
    });
    const markdown = standingMarkdown([
      withCheck("2026-11-29-3.json", "2026-11-29T03:00:00Z", "fc-v782 AMD EPYC", 2.7, 12.5),
      withCheck("2026-11-29-4.json", "2026-11-29T04:00:00Z", "fc-v782 AMD EPYC", 2.9, 12.1),
      {
        ...withCheck("2026-11-29-5.json", "2026-11-29T05:00:00Z", "fc-v782 AMD EPYC", 2.6, 13.0),
        renderer: { userMs: 1_630, systemMs: 1_020, minorFaults: 37_362, kernelSharePercent: 38 },
      },
      verdicts("2026-11-28.json", "2026-11-28T00:00:00Z", "fc-v669 AMD EPYC", [[grid, "pass"]]),
    ]);
    expect(markdown).toContain(
      "medians; lower is faster): fc-v782 AMD EPYC: a system call 2.7 µs, a fresh page 12.5 µs, the grid visit's renderer 1,630 ms in user mode and 1,020 ms in the kernel (38%) with 37,362 minor faults (3 runs).",
    );
    expect(markdown).not.toContain("fc-v669 AMD EPYC: a system call");
    // One host's runs on different kinds of guest are summed up apart, beside those that did not say.
    const guests = standingMarkdown([
      withCheck("2026-11-29-3.json", "2026-11-29T03:00:00Z", "fc-v782 AMD EPYC", 2.7, 12.5),
      {
        ...withCheck("2026-11-29-4.json", "2026-11-29T04:00:00Z", "fc-v782 AMD EPYC", 2.9, 12.1),
        guest: "PVM",
      },
      {
        ...withCheck("2026-11-29-5.json", "2026-11-29T05:00:00Z", "fc-v782 AMD EPYC", 1.9, 3.5),
        guest: "KVM",
      },
      {
        ...withCheck("2026-11-29-6.json", "2026-11-29T06:00:00Z", "fc-v782 AMD EPYC", 2.1, 4.5),
        guest: "KVM",
      },
      {
        ...withCheck("2026-11-29-7.json", "2026-11-29T07:00:00Z", "fc-v782 AMD EPYC", 2.3, 5.0),
        guest: "KVM",
      },
    ]);
    expect(guests).toContain("| fc-v782 AMD EPYC (5 runs) |");
    expect(guests).toContain(
      "medians; lower is faster): fc-v782 AMD EPYC: a system call 2.7 µs, a fresh page 12.5 µs (1 run); fc-v782 AMD EPYC, PVM: a system call 2.9 µs, a fresh page 12.1 µs (1 run); fc-v782 AMD EPYC, KVM: a system call 2.1 µs, a fresh page 4.5 µs (3 runs).",
    );
    // The user-mode part of a fresh page, over the runs that measured it.
    const counted = standingMarkdown([
      withCheck("2026-11-29-3.json", "2026-11-29T03:00:00Z", "fc-v782 AMD EPYC", 2.7, 12.5),
      {
        ...withCheck("2026-11-30.json", "2026-11-30T01:00:00Z", "fc-v782 AMD EPYC", 2.9, 12.1),
        kernel: { syscallUs: 2.9, pageTouchUs: 12.1, pageTouchUserUs: 5.8 },
      },
      {
        ...withCheck("2026-11-30-2.json", "2026-11-30T02:00:00Z", "fc-v782 AMD EPYC", 3.1, 13.0),
        kernel: { syscallUs: 3.1, pageTouchUs: 13.0, pageTouchUserUs: 6.4 },
      },
    ]);
    expect(counted).toContain(
      "fc-v782 AMD EPYC: a system call 2.9 µs, a fresh page 12.5 µs, of which 5.8 µs counted as user mode in 2 of the runs (3 runs).",
    );
    expect(
      standingMarkdown([
        verdicts("2026-11-28.json", "2026-11-28T00:00:00Z", "fc-v669 AMD EPYC", [[grid, "pass"]]),
      ]),
    ).not.toContain("kernel check");
  });

  it("keeps what the API adds to a movement, and sorts the replay share by it over the runs that read it", () => {
    const busy = (busyPct: number) => ({ busyPct, idlePct: 100 - busyPct, iowaitPct: 0, stealPct: 0 });
    const run = (startedAt: string, apiBusyPct: number, apiRps: number) => {
      const r = fullRun({ startedAt, kernel: "6.18.44-fc-v669", apiRps, gridMs: 90 });
      return {
        ...r,
        machine: { ...r.machine, nproc: 2 },
        movementReplay: { ...r.movementReplay, rounds: [2000], roundsHostCpu: [busy(90)] },
        movements: {
          ...r.movements,
          alternating: { ...r.movements.alternating, rounds: [apiRps], roundsHostCpu: [busy(apiBusyPct)] },
        },
      };
    };
    // Replayed 0.9 ms a movement; through the API 1.6 ms (a fraction of 0.78) and 2 ms (1.22).
    const passing = runVerdicts("2026-11-30-15.json", run("2026-11-30T05:00:00Z", 80, 1000));
    const failing = runVerdicts("2026-11-30-16.json", run("2026-11-30T06:00:00Z", 80, 800));
    expect(passing.additionFraction).toBe(0.78);
    expect(failing.additionFraction).toBe(1.22);
    const older = runVerdicts(
      "2026-11-28.json",
      fullRun({ startedAt: "2026-11-28T00:00:00Z", kernel: "6.18.44-fc-v669", apiRps: 900, gridMs: 90 }),
    );
    expect(older.additionFraction).toBeUndefined();
    const markdown = standingMarkdown([passing, failing, older]);
    expect(markdown).toContain(
      "over the 2 runs that read the machine's CPU by round: it passed in the 1 run at 0.78 or under and failed in the 1 run at 1.22 or over. By host, the median fraction: fc-v669 AMD EPYC 0.78 (0.78-1.22; passed in 1 of 2).",
    );
  });

  it("says so when no run qualifies", () => {
    expect(standingMarkdown([])).toBe("No full run has measured every budget as the benchmark does now.");
  });

  it("rewrites only its own block of the README from the result files, and refuses a README without one", () => {
    withTempDir("standing-", (dir, write) => {
      const results = path.join(dir, "results");
      const run = (startedAt: string, gridMs: number) =>
        fullRun({ startedAt, kernel: "6.18.44-fc-v782", apiRps: 1100, gridMs });
      write("results/2026-11-28.json", JSON.stringify(run("2026-11-28T00:00:00Z", 120)));
      write("results/2026-11-29.json", JSON.stringify(run("2026-11-29T00:00:00Z", 180)));
      write(
        "results/2026-11-29-quick.json",
        JSON.stringify({ ...run("2026-11-29T01:00:00Z", 180), mode: "quick" }),
      );
      expect(
        readRuns(results)
          .map((r) => r.file)
          .sort(),
      ).toEqual(["2026-11-28.json", "2026-11-29.json"]);

      const readme = path.join(dir, "README.md");
      fs.writeFileSync(
        readme,
        "# Bench\n\nbefore\n<!-- standing:start -->\nold\n<!-- standing:end -->\nafter\n",
      );
      writeStanding(readme, results);
      const text = fs.readFileSync(readme, "utf8");
      expect(text.startsWith("# Bench\n\nbefore\n<!-- standing:start -->\n2 full runs")).toBe(true);
      expect(text.endsWith("<!-- standing:end -->\nafter\n")).toBe(true);
      expect(text).not.toContain("old");
      expect(
        tableRow(text, "100x20 grid renders < 150 ms in Chromium (every cell in view painted; decision 015)"),
      ).toContain("| 1 of 2 | 1/2 | FAIL, pass |");

      fs.writeFileSync(readme, "# Bench\n");
      expect(() => writeStanding(readme, results)).toThrow(/no <!-- standing:start -->/);
    });
  });
});
