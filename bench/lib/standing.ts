import fs from "node:fs";
import path from "node:path";
import { budgetRows, REPLAY_SHARE_BUDGET, TPC_B_SHARE_BUDGET } from "./budget-rows.ts";
import type { KernelCheck } from "./kernel-check.ts";
import { fractionStanding, movementCost } from "./movement-cost.ts";
import type { RendererCpuMedians } from "./renderer-cpu.ts";
import { median } from "./stats.ts";

// biome-ignore lint/suspicious/noExplicitAny: the results document is free-form JSON
type Results = Record<string, any>;

/** One full run's verdicts, keyed by budget. */
export interface RunVerdicts {
  file: string;
  startedAt: string;
  host: string;
  verdicts: Map<string, "pass" | "FAIL">;
  /** The kernel check at the run's start, where the run made one (since 2026-11-29). */
  kernel?: KernelCheck;
  /**
   * The kind of guest the run's machine was, where the run recorded it: "PVM with page-table
   * isolation", "KVM". One kernel build has run on both, at very different costs of the kernel.
   */
  guest?: string;
  /**
   * The grid visits' renderer CPU (medians) and the kernel's share of it (percent), where the run
   * measured it: beside the kernel check, the same page's faults and what the host charged for them.
   */
  renderer?: RendererCpuMedians;
  /**
   * What the API adds to a movement's CPU as a fraction of a replayed movement's, where the run read
   * the machine's CPU by round (since 2026-11-29): the figure that sorts the replay share.
   */
  additionFraction?: number;
}

/**
 * Whether a run measured every budget as the benchmark measures it now: the replay in rounds
 * alternating with the API, the grid's in-view figure (decision 015) over seven visits, Lighthouse five
 * times. Earlier runs lack a figure some verdict is now taken on, so they are left out rather than
 * judged on a missing number.
 */
export function measuresEveryBudgetAsNow(r: Results): boolean {
  return (
    r.mode === "full" &&
    r.movements?.alternating !== undefined &&
    typeof r.gridRender?.inViewMs === "number" &&
    (r.gridRender?.visitsMs?.length ?? 0) >= 7 &&
    (r.lighthouse?.login?.scores?.length ?? 0) >= 5
  );
}

/** A budget's name without the run's own dates: "Report valuation, full month < 1 s". */
export function budgetKey(budget: string): string {
  return budget.replace(/ \(\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}\)/, "");
}

/** The hypervisor a run recorded, with page-table isolation where it was on; undefined where not recorded. */
export function guestOf(r: Results): string | undefined {
  const hypervisor = r.machine?.hypervisor;
  if (typeof hypervisor !== "string" || hypervisor === "") {
    return undefined;
  }
  return r.machine?.pageTableIsolation === true ? `${hypervisor} with page-table isolation` : hypervisor;
}

/**
 * The host as far as a run can tell it: the kernel's build (which names the host class) and the CPU,
 * with its family and model where the run recorded them (since 2026-11-30). One build has run on two
 * AMD EPYC models whose kernels cost twice as much on one as on the other (fc-v1300: family 25
 * model 17, and model 1 from `results/2026-12-07-30.json`), so the model makes a class of its own.
 */
export function hostOf(r: Results): string {
  const build = /fc-v\d+/.exec(String(r.machine?.kernel ?? ""))?.[0] ?? String(r.machine?.kernel ?? "?");
  const cpu = String(r.machine?.cpuModel ?? "?")
    .replace(/\(R\)|\(TM\)/g, "")
    .replace(/ Processor$/, "")
    .replace(/\s+/g, " ")
    .trim();
  const model = /family (\d+) model (\d+)/.exec(String(r.machine?.cpuId ?? ""));
  return model ? `${build} ${cpu} ${model[1]}/${model[2]}` : `${build} ${cpu}`;
}

export function runVerdicts(file: string, r: Results): RunVerdicts {
  const verdicts = new Map<string, "pass" | "FAIL">();
  for (const row of budgetRows(r)) {
    if (row.verdict === "pass" || row.verdict === "FAIL") {
      verdicts.set(budgetKey(row.budget), row.verdict);
    }
  }
  const kernel = r.kernelCheck?.start as KernelCheck | undefined;
  const renderer = r.gridRender?.renderer;
  const guest = guestOf(r);
  const cost = movementCost(r.machine?.nproc, r.movementReplay, r.movements?.alternating);
  return {
    file,
    startedAt: String(r.startedAt),
    host: hostOf(r),
    verdicts,
    ...(kernel ? { kernel } : {}),
    ...(guest ? { guest } : {}),
    ...(typeof renderer?.kernelSharePercent === "number" ? { renderer } : {}),
    ...(cost ? { additionFraction: cost.fraction } : {}),
  };
}

const count = (runs: RunVerdicts[], budget: string) => {
  const judged = runs.filter((run) => run.verdicts.has(budget));
  return { passed: judged.filter((run) => run.verdicts.get(budget) === "pass").length, of: judged.length };
};

const cell = (value: string) => value.replace(/\|/g, "\\|");

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * Every budget over the runs given: how often it passed in all, on each host (kernel build and CPU),
 * and in the last five runs. The runs come in any order; they are taken in the order they started.
 */
export function standingMarkdown(given: RunVerdicts[]): string {
  const runs = [...given].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  if (runs.length === 0) {
    return "No full run has measured every budget as the benchmark does now.";
  }
  const budgets = [...new Set(runs.flatMap((run) => [...run.verdicts.keys()]))];
  const hosts = [...new Set(runs.map((run) => run.host))]
    .map((host) => ({ host, runs: runs.filter((run) => run.host === host) }))
    .sort((a, b) => b.runs.length - a.runs.length || a.host.localeCompare(b.host));
  const last = runs.slice(-5).reverse();
  const allPassed = (run: RunVerdicts, except?: string) =>
    [...run.verdicts].every(([budget, verdict]) => verdict === "pass" || budget === except);
  const first = runs[0] as RunVerdicts;
  const latest = runs.at(-1) as RunVerdicts;
  const lines = [
    `${plural(runs.length, "full run")}, from \`results/${first.file}\` (${first.startedAt.slice(0, 10)}) to \`results/${latest.file}\` (${latest.startedAt.slice(0, 10)}), on ${plural(hosts.length, "kind")} of host; every full run since the benchmark took its present form (the replay in alternating rounds, the grid's seven visits, Lighthouse's five runs), whatever the code of the day. Every budget passed in ${runs.filter((run) => allPassed(run)).length} of them, every budget but the TPC-B share (decision 013) in ${runs.filter((run) => allPassed(run, TPC_B_SHARE_BUDGET)).length}. A cell is the runs that passed of those that measured it.`,
    "",
    `| Budget | All runs | ${hosts.map((h) => `${cell(h.host)} (${plural(h.runs.length, "run")})`).join(" | ")} | Last ${plural(last.length, "run")}, newest first |`,
    `| --- | --- | ${hosts.map(() => "---").join(" | ")} | --- |`,
  ];
  for (const budget of budgets) {
    const all = count(runs, budget);
    const perHost = hosts.map((h) => {
      const c = count(h.runs, budget);
      return c.of === 0 ? "" : `${c.passed}/${c.of}`;
    });
    const recent = last.map((run) => run.verdicts.get(budget) ?? "-").join(", ");
    lines.push(`| ${cell(budget)} | ${all.passed} of ${all.of} | ${perHost.join(" | ")} | ${recent} |`);
  }
  // Per host and, where the runs recorded it, per kind of guest: the kernel's costs differ by kind.
  const guests = hosts.flatMap(({ host, runs: hostRuns }) =>
    [...new Set(hostRuns.map((run) => run.guest))].map((guest) => ({
      label: guest ? `${host}, ${guest}` : host,
      runs: hostRuns.filter((run) => run.guest === guest),
    })),
  );
  const kernelByGuest = guests.flatMap(({ label, runs: guestRuns }) => {
    const checks = guestRuns.flatMap((run) => (run.kernel ? [run.kernel] : []));
    if (checks.length === 0) {
      return [];
    }
    const syscall = median(checks.map((k) => k.syscallUs));
    const page = median(checks.map((k) => k.pageTouchUs));
    const userCounted = checks.flatMap((k) => (k.pageTouchUserUs === undefined ? [] : [k.pageTouchUserUs]));
    const pageUser =
      userCounted.length === 0
        ? ""
        : `, of which ${median(userCounted)} µs counted as user mode in ${userCounted.length} of the runs`;
    const renderers = guestRuns.flatMap((run) => (run.renderer ? [run.renderer] : []));
    const of = (figure: keyof RendererCpuMedians) =>
      median(renderers.map((renderer) => renderer[figure])).toLocaleString("en-US");
    const browser =
      renderers.length === 0
        ? ""
        : `, the grid visit's renderer ${of("userMs")} ms in user mode and ${of("systemMs")} ms in the kernel (${of("kernelSharePercent")}%) with ${of("minorFaults")} minor faults`;
    return [
      `${label}: a system call ${syscall} µs, a fresh page ${page} µs${pageUser}${browser} (${plural(checks.length, "run")})`,
    ];
  });
  if (kernelByGuest.length > 0) {
    lines.push(
      "",
      `The kernel check at the start of the runs that made one (\`lib/kernel-check.ts\`, medians; lower is faster): ${kernelByGuest.join("; ")}.`,
    );
  }
  const byFraction = fractionStanding(
    runs.flatMap((run) =>
      run.additionFraction === undefined || !run.verdicts.has(REPLAY_SHARE_BUDGET)
        ? []
        : [
            {
              host: run.host,
              fraction: run.additionFraction,
              passed: run.verdicts.get(REPLAY_SHARE_BUDGET) === "pass",
            },
          ],
    ),
  );
  if (byFraction) {
    lines.push("", byFraction);
  }
  return lines.join("\n");
}

/** The verdicts of every full run in `resultsDir` that measured every budget as the benchmark does now. */
export function readRuns(resultsDir: string): RunVerdicts[] {
  return fs
    .readdirSync(resultsDir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ name, r: JSON.parse(fs.readFileSync(path.join(resultsDir, name), "utf8")) }))
    .filter(({ r }) => measuresEveryBudgetAsNow(r))
    .map(({ name, r }) => runVerdicts(name, r));
}

const START = "<!-- standing:start -->";
const END = "<!-- standing:end -->";

/** Rewrites the standing between its markers in `readme` from every result in `resultsDir`. */
export function writeStanding(readme: string, resultsDir: string): void {
  const current = fs.readFileSync(readme, "utf8");
  const at = current.indexOf(START);
  const end = current.indexOf(END);
  if (at === -1 || end < at) {
    throw new Error(`${readme} has no ${START} ... ${END} block for the budgets' standing`);
  }
  const generated = `${START}\n${standingMarkdown(readRuns(resultsDir))}\n${END}`;
  fs.writeFileSync(readme, `${current.slice(0, at)}${generated}${current.slice(end + END.length)}`);
}
