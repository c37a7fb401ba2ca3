import fs from "node:fs";
import { budgetRows } from "./budget-rows.ts";
import type { HostCpuShares } from "./host-cpu.ts";
import type { KernelCheck } from "./kernel-check.ts";
import { cpuDescription, type Machine } from "./machine.ts";
import { round } from "./stats.ts";

const cell = (value: string) => value.replace(/\|/g, "\\|");

/** How much of a fresh page's cost the kernel counted as user-mode time, where the run measured it. */
const userPart = (k: KernelCheck) =>
  k.pageTouchUserUs === undefined ? "" : ` (${k.pageTouchUserUs} µs of it counted as user mode)`;

/** The kernel check's figures at the start and end of a run, and what the machine says of its virtualization. */
export function kernelCheckLine(
  check: { start: KernelCheck; end?: KernelCheck },
  machine: Partial<
    Pick<Machine, "hypervisor" | "pageTableIsolation" | "schedulerAutogroup" | "guestHaltPollNs">
  >,
): string {
  const figures = (k: KernelCheck) =>
    `a system call ${k.syscallUs} µs, a fresh page's first touch ${k.pageTouchUs} µs${userPart(k)}`;
  const isolation =
    machine.pageTableIsolation == null ? "not known" : machine.pageTableIsolation ? "on" : "off";
  return [
    `Kernel check (\`bench/lib/kernel-check.ts\`; lower is faster): ${figures(check.start)} at the start`,
    check.end ? `; ${figures(check.end)} at the end` : "",
    `. Hypervisor: ${machine.hypervisor ?? "not named"}; page-table isolation ${isolation}`,
    machine.schedulerAutogroup == null
      ? ""
      : `; the scheduler's autogroups ${machine.schedulerAutogroup ? "on" : "off"}`,
    machine.guestHaltPollNs == null
      ? ""
      : `; an idle CPU polls ${round(machine.guestHaltPollNs / 1000, 1)} µs before it halts`,
    ".",
  ].join("");
}

/** The run's parts as run.ts names them in `hostCpu.phases`, in the run's order. */
const PHASE_LABELS: Record<string, string> = {
  tpcb: "TPC-B",
  movements: "movements",
  reports: "reports",
  gridApi: "grid API",
  search: "search",
  replayRounds: "replay rounds",
  lighthouse: "Lighthouse",
  gridRender: "grid render",
  imports: "upload",
  pg18Movements: "embedded movements",
};

type Shares = HostCpuShares | null | undefined;

/** One side's alternating rounds: the machine's CPU over each, and the CPU check just before each. */
export interface RoundsHost {
  shares?: Shares[];
  cpuCheckMs?: number[];
}

/**
 * The machine's CPU over the run and its parts: how much of it the hypervisor gave to other guests
 * (steal), and in the alternating rounds, round by round, steal and the CPU check before each: a
 * neighbour's load shows as one or the other (a busy sibling thread slows a core without stealing it).
 */
export function hostCpuLine(hostCpu: {
  run?: Shares;
  phases?: Record<string, Shares>;
  replayRounds?: RoundsHost;
  apiRounds?: RoundsHost;
}): string {
  const steal = (shares: Shares) => (shares ? `${shares.stealPct}%` : "not read");
  const parts = Object.entries(PHASE_LABELS)
    .filter(([key]) => hostCpu.phases?.[key])
    .map(([key, label]) => `${label} ${steal(hostCpu.phases?.[key])}`);
  const rounds = (side?: RoundsHost) =>
    [
      `steal ${(side?.shares ?? []).map(steal).join(", ")}`,
      side?.cpuCheckMs?.length ? ` after CPU checks of ${side.cpuCheckMs.join(", ")} ms` : "",
    ].join("");
  return [
    "Host CPU (`bench/lib/host-cpu.ts`, `/proc/stat` over all cores; steal is time the hypervisor gave to other guests): ",
    hostCpu.run
      ? `over the run steal ${hostCpu.run.stealPct}%, idle ${hostCpu.run.idlePct}%, I/O wait ${hostCpu.run.iowaitPct}%`
      : "over the run not read",
    parts.length > 0 ? `; steal by part: ${parts.join(", ")}` : "",
    hostCpu.replayRounds?.shares?.length
      ? `; in the replay's rounds ${rounds(hostCpu.replayRounds)}; in the API's ${rounds(hostCpu.apiRounds)}`
      : "",
    ".",
  ].join("");
}

// biome-ignore lint/suspicious/noExplicitAny: the results document is free-form JSON
export function resultsMarkdown(r: Record<string, any>, resultFile: string): string {
  const m = r.machine;
  const lines = [
    `Run: \`${r.mode}\` mode, started ${r.startedAt}, ${r.durationS} s in all; raw figures in [${resultFile}](${resultFile}).`,
    "",
    `Machine: ${m.nproc} cores (${cpuDescription(m)}), ${m.memoryGiB} GiB memory, Node ${m.node}, Linux ${m.kernel};`,
    `${r.postgres15?.version ?? "PostgreSQL 15: not run"}; ${r.pgbench?.version ?? ""}; embedded: ${r.postgres18?.version ?? "not run"}.`,
    `The API and pgbench reach PostgreSQL 15 over ${r.postgres15?.transport ?? "TCP 127.0.0.1:5432"}; the embedded server over TCP on 127.0.0.1.`,
    ...(r.cpuCheck
      ? [
          `CPU check (a fixed piece of work in Node, \`bench/lib/cpu-check.ts\`; lower is faster): ${r.cpuCheck.startMs} ms at the start, ${r.cpuCheck.endMs} ms at the end.`,
        ]
      : []),
    ...(r.kernelCheck ? [kernelCheckLine(r.kernelCheck, m)] : []),
    ...(r.hostCpu
      ? [
          hostCpuLine({
            ...r.hostCpu,
            replayRounds: {
              shares: r.movementReplay?.roundsHostCpu,
              cpuCheckMs: r.movementReplay?.roundsCpuCheckMs,
            },
            apiRounds: {
              shares: r.movements?.alternating?.roundsHostCpu,
              cpuCheckMs: r.movements?.alternating?.roundsCpuCheckMs,
            },
          }),
        ]
      : []),
    "",
    `Data set (PostgreSQL 15): ${JSON.stringify(r.postgres15?.dataset?.counts ?? {})}, loaded in ${r.postgres15?.dataset?.loadMs} ms, ledger violations before measuring: ${r.postgres15?.dataset?.violations}.`,
    "",
    "| Budget | Measured | Anchor (same run) | Ratio | Result |",
    "| --- | --- | --- | --- | --- |",
    ...budgetRows(r).map(
      (row) =>
        `| ${cell(row.budget)} | ${cell(row.measured)} | ${cell(row.anchor)} | ${row.ratio} | ${row.verdict} |`,
    ),
  ];
  const routes = r.webBundles?.routes as
    | Array<{ route: string; gzipKb: number; rawKb: number; files: number }>
    | undefined;
  if (routes) {
    lines.push(
      "",
      "Gzipped JavaScript per route (entry + the route's screens and their static imports, gzip -9):",
      "",
    );
    lines.push("| Route | gzip KB | raw KB | files |", "| --- | --- | --- | --- |");
    for (const route of routes) {
      lines.push(`| ${route.route} | ${route.gzipKb} | ${route.rawKb} | ${route.files} |`);
    }
  }
  return lines.join("\n");
}

/** Replaces the generated part of bench/README.md (between the markers), keeping the rest. */
// biome-ignore lint/suspicious/noExplicitAny: the results document is free-form JSON
export function writeReadme(file: string, r: Record<string, any>, resultFile: string): void {
  // Each mode keeps its own block, so a quick run does not replace the full run's table.
  const START = `<!-- results:${r.mode}:start -->`;
  const END = `<!-- results:${r.mode}:end -->`;
  const generated = `${START}\n${resultsMarkdown(r, resultFile)}\n${END}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const at = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    at === -1 || end === -1
      ? `${current.trimEnd()}\n\n### ${r.mode === "full" ? "Full run" : "Quick run"}\n\n${generated}\n`
      : `${current.slice(0, at)}${generated}${current.slice(end + END.length)}`;
  fs.writeFileSync(file, next);
}
