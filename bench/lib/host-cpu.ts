import fs from "node:fs";
import { round } from "./stats.ts";

/**
 * The machine's CPU time so far, over all its cores, in clock ticks (the first line of /proc/stat).
 * Steal is time a core was ready to run but the hypervisor ran another guest: on these shared hosts
 * it is the direct measure of a neighbour's load, which the CPU and kernel checks only sample.
 */
export interface HostCpuTicks {
  busy: number;
  idle: number;
  iowait: number;
  steal: number;
}

/** Shares of the machine's CPU time over a stretch of the run, in percent of all its cores' time. */
export interface HostCpuShares {
  busyPct: number;
  idlePct: number;
  iowaitPct: number;
  stealPct: number;
}

/**
 * The "cpu" line of /proc/stat: user nice system idle iowait irq softirq steal (guest time is counted
 * in user already, so the fields after steal are left out).
 */
export function parseProcStat(text: string): HostCpuTicks {
  const line = text.split("\n").find((l) => l.startsWith("cpu "));
  const fields = (line ?? "").trim().split(/\s+/).slice(1).map(Number);
  if (fields.length < 8 || fields.some((n) => !Number.isFinite(n))) {
    throw new Error("/proc/stat has no aggregate cpu line with eight figures");
  }
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { busy: user + nice + system + irq + softirq, idle, iowait, steal };
}

/** The machine's ticks now; undefined where there is no /proc/stat. */
export function hostCpuTicks(procStat = "/proc/stat"): HostCpuTicks | undefined {
  try {
    return parseProcStat(fs.readFileSync(procStat, "utf8"));
  } catch {
    return undefined;
  }
}

const percent = (part: number, whole: number) => round((100 * part) / whole);

/** The shares of the time between two readings; undefined if either is missing or no tick passed. */
export function hostCpuShares(from?: HostCpuTicks, to?: HostCpuTicks): HostCpuShares | undefined {
  if (!from || !to) {
    return undefined;
  }
  const busy = to.busy - from.busy;
  const idle = to.idle - from.idle;
  const iowait = to.iowait - from.iowait;
  const steal = to.steal - from.steal;
  const total = busy + idle + iowait + steal;
  if (total <= 0) {
    return undefined;
  }
  return {
    busyPct: percent(busy, total),
    idlePct: percent(idle, total),
    iowaitPct: percent(iowait, total),
    stealPct: percent(steal, total),
  };
}

/** Runs `work` and reads the machine's CPU shares over it. */
export async function withHostCpu<T>(work: () => Promise<T>): Promise<{ value: T; host?: HostCpuShares }> {
  const from = hostCpuTicks();
  const value = await work();
  return { value, host: hostCpuShares(from, hostCpuTicks()) };
}
