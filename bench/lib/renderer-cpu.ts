import fs from "node:fs";
import { type ProcessCpu, processCpu } from "./proc-stat.ts";
import { median } from "./stats.ts";

/**
 * The CPU Chromium's renderer processes spend over a page load, split into user mode and the kernel,
 * with their minor page faults, from /proc. A visit's renderer is a fresh process, so its startup
 * counts too. Beside the kernel check (kernel-check.ts), the kernel's share of this time says how much
 * of the browser's work on a host goes to what its kernel charges, which no change to the app reaches.
 */
export type RendererCpu = ProcessCpu;

/** A run's summary of its visits' renderer CPU, as its results keep it (gridRender.renderer). */
export type RendererCpuMedians = RendererCpu & { kernelSharePercent: number };

/** Every Chromium renderer process now, by pid: its CPU times and minor faults so far. */
export function rendererSnapshot(procDir = "/proc"): Map<number, RendererCpu> {
  const snapshot = new Map<number, RendererCpu>();
  for (const entry of fs.readdirSync(procDir)) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    let commandLine: string;
    try {
      commandLine = fs.readFileSync(`${procDir}/${entry}/cmdline`, "utf8");
    } catch {
      continue; // The process ended between the listing and the read: it is not this visit's.
    }
    const figures = commandLine.includes("--type=renderer") ? processCpu(Number(entry), procDir) : undefined;
    if (figures) {
      snapshot.set(Number(entry), figures);
    }
  }
  return snapshot;
}

/** What the renderers in `after` spent since `before`; a process started in between counts from zero. */
export function rendererCpuBetween(
  before: Map<number, RendererCpu>,
  after: Map<number, RendererCpu>,
): RendererCpu {
  const spent = { userMs: 0, systemMs: 0, minorFaults: 0 };
  for (const [pid, now] of after) {
    const then = before.get(pid) ?? { userMs: 0, systemMs: 0, minorFaults: 0 };
    spent.userMs += now.userMs - then.userMs;
    spent.systemMs += now.systemMs - then.systemMs;
    spent.minorFaults += now.minorFaults - then.minorFaults;
  }
  return spent;
}

/** The median of each figure over the visits, and the kernel's share of their CPU (percent). */
export function rendererCpuMedians(visits: RendererCpu[]): RendererCpuMedians {
  const userMs = median(visits.map((v) => v.userMs));
  const systemMs = median(visits.map((v) => v.systemMs));
  const total = visits.reduce((sum, v) => sum + v.userMs + v.systemMs, 0);
  const system = visits.reduce((sum, v) => sum + v.systemMs, 0);
  return {
    userMs,
    systemMs,
    minorFaults: median(visits.map((v) => v.minorFaults)),
    kernelSharePercent: total === 0 ? 0 : Math.round((system / total) * 100),
  };
}
