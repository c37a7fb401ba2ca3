import fs from "node:fs";
import { query } from "./db.ts";
import { statTreeTimes } from "./proc-stat.ts";
import { round } from "./stats.ts";

/** CPU time in user mode and in the kernel, in ms. */
export interface CpuTime {
  userMs: number;
  systemMs: number;
}

const plus = (a: CpuTime, b: CpuTime): CpuTime => ({
  userMs: a.userMs + b.userMs,
  systemMs: a.systemMs + b.systemMs,
});

function readStat(procDir: string, pid: number | string) {
  try {
    return statTreeTimes(fs.readFileSync(`${procDir}/${pid}/stat`, "utf8"));
  } catch {
    return undefined; // The process ended between the listing and the read.
  }
}

/**
 * A process's own CPU so far and its ended children's; with `liveChildren`, its running children's
 * too (a database server: the postmaster and its backends, the ended ones included). Undefined when
 * the process is not there or /proc cannot be read.
 */
export function processTreeCpu(pid: number, liveChildren: boolean, procDir = "/proc"): CpuTime | undefined {
  const root = readStat(procDir, pid);
  if (!root) {
    return undefined;
  }
  let total = plus(root.own, root.reaped);
  if (liveChildren) {
    for (const entry of fs.readdirSync(procDir)) {
      if (!/^\d+$/.test(entry) || Number(entry) === pid) {
        continue;
      }
      const child = readStat(procDir, entry);
      if (child?.parentPid === pid) {
        total = plus(total, plus(child.own, child.reaped));
      }
    }
  }
  return total;
}

/**
 * The processes a movement's CPU is read from: the database server (its postmaster's pid), the API
 * (absent under the replay) and the client that drives the load, this process with the pgbench runs
 * it waits for. The API is this process's child but still running, so the client counts only ended
 * children.
 */
export interface LoadProcesses {
  databasePid: number;
  apiPid?: number;
  clientPid: number;
}

/** Each load process's CPU per unit of work over a stretch, in ms, by user mode and the kernel. */
export interface CpuByProcess {
  database: CpuTime;
  api?: CpuTime;
  client: CpuTime;
}

function readAll(processes: LoadProcesses, procDir: string) {
  return {
    database: processTreeCpu(processes.databasePid, true, procDir),
    api: processes.apiPid === undefined ? undefined : processTreeCpu(processes.apiPid, false, procDir),
    client: processTreeCpu(processes.clientPid, false, procDir),
  };
}

const perUnit = (from: CpuTime, to: CpuTime, units: number): CpuTime => ({
  userMs: round((to.userMs - from.userMs) / units, 3),
  systemMs: round((to.systemMs - from.systemMs) / units, 3),
});

/**
 * Runs `work` and reads each load process's CPU over it, per unit of work (`units` of its value):
 * beside the machine's busy time (host-cpu.ts), which part of a movement's CPU is the database's,
 * the API's and the load generator's, and how much of each is the kernel's. Undefined where /proc
 * does not show the processes (another user's, or no /proc).
 */
export async function withProcessCpu<T>(
  processes: LoadProcesses,
  work: () => Promise<T>,
  units: (value: T) => number,
  procDir = "/proc",
): Promise<{ value: T; byProcess?: CpuByProcess }> {
  const from = readAll(processes, procDir);
  const value = await work();
  const to = readAll(processes, procDir);
  const count = units(value);
  if (!from.database || !to.database || !from.client || !to.client || !(count > 0)) {
    return { value };
  }
  const api = from.api && to.api ? perUnit(from.api, to.api, count) : undefined;
  return {
    value,
    byProcess: {
      database: perUnit(from.database, to.database, count),
      ...(api ? { api } : {}),
      client: perUnit(from.client, to.client, count),
    },
  };
}

/**
 * The pid of the PostgreSQL server behind `url`, from its data directory's postmaster.pid; undefined
 * where this process cannot read it (the server another user's, on another machine).
 */
export async function postmasterPid(url: string): Promise<number | undefined> {
  const [row] = await query<{ data_directory: string }>(url, "show data_directory");
  try {
    const pid = Number(fs.readFileSync(`${row?.data_directory}/postmaster.pid`, "utf8").split("\n")[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
