import fs from "node:fs";
import { median } from "./stats.ts";

/**
 * The CPU Chromium's renderer processes spend over a page load, split into user mode and the kernel,
 * with their minor page faults, from /proc. A visit's renderer is a fresh process, so its startup
 * counts too. Beside the kernel check (kernel-check.ts), the kernel's share of this time says how much
 * of the browser's work on a host goes to what its kernel charges, which no change to the app reaches.
 */
export interface RendererCpu {
  userMs: number;
  systemMs: number;
  minorFaults: number;
}

/** Clock ticks a second in /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Every Chromium renderer process now, by pid: its CPU times and minor faults so far. */
export function rendererSnapshot(procDir = "/proc"): Map<number, RendererCpu> {
  const snapshot = new Map<number, RendererCpu>();
  for (const entry of fs.readdirSync(procDir)) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const commandLine = fs.readFileSync(`${procDir}/${entry}/cmdline`, "utf8");
      if (!commandLine.includes("--type=renderer")) {
        continue;
      }
      const stat = fs.readFileSync(`${procDir}/${entry}/stat`, "utf8");
      snapshot.set(Number(entry), statFigures(stat));
    } catch {
      // The process ended between the listing and the read: it is not this visit's.
    }
  }
  return snapshot;
}

/** minflt, utime and stime of one /proc/<pid>/stat line (fields 10, 14 and 15; the name may hold spaces). */
export function statFigures(stat: string): RendererCpu {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = (at: number) => (Number(fields[at]) * 1000) / TICKS_PER_SECOND;
  return { minorFaults: Number(fields[7]), userMs: ticks(11), systemMs: ticks(12) };
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
export function rendererCpuMedians(visits: RendererCpu[]) {
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
