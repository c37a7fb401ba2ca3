import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processCpu } from "./proc-stat.ts";
import { median, round } from "./stats.ts";

/**
 * What the machine's kernel charges for the two things a browser does most and a Node loop hardly at
 * all: a system call, and the first touch of a fresh page of memory (a page fault). The CPU check
 * (cpu-check.ts) times user-mode work only and does not tell the hosts apart where the browser
 * budgets fail. On a host whose virtual machine traps every system call and fault into its hypervisor
 * (a paravirtualized guest, PVM, with page-table isolation), each costs far more than under hardware
 * virtualization (2.6 µs a call and 12 µs a page on the first such host measured, against 1 µs and
 * 2-3 µs on a KVM host running the same page with as many faults), and Chromium's
 * processes, which start, map memory and message one another on every page load, pay that price
 * many times over, where Node's loops hardly do.
 */
export interface KernelCheck {
  /** One `fstat` from Node, µs per call (the median of five batches). */
  syscallUs: number;
  /** The first write to each 4 KB page of freshly mapped memory, µs per page (median of three). */
  pageTouchUs: number;
  /**
   * Of `pageTouchUs`, the part the kernel counted as the checking thread's user-mode time. The loop's own
   * user-mode work is a store per page, a few nanoseconds, so the rest is the fault's trip into and out
   * of the kernel. Under a PVM guest about half of it lands there (5-9 of 12-16 µs on fc-v782), so
   * a renderer's user-mode time there is not all its own work. Absent in runs before 2026-11-30.
   */
  pageTouchUserUs?: number;
}

const SYSCALLS = 50_000;
// Above glibc's largest mmap threshold (32 MB), so every buffer is a fresh mapping, never reused heap.
const FRESH_BYTES = 64 * 1024 * 1024;
const PAGE = 4096;

export function kernelCheck(): KernelCheck {
  return { syscallUs: syscallMicros(), ...pageTouchMicros() };
}

function syscallMicros(): number {
  const fd = fs.openSync(os.devNull, "r");
  try {
    const times: number[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const start = performance.now();
      for (let call = 0; call < SYSCALLS; call++) {
        fs.fstatSync(fd);
      }
      times.push(((performance.now() - start) * 1000) / SYSCALLS);
    }
    return round(median(times), 2);
  } finally {
    fs.closeSync(fd);
  }
}

function pageTouchMicros(): Pick<KernelCheck, "pageTouchUs" | "pageTouchUserUs"> {
  const pages = FRESH_BYTES / PAGE;
  const times: number[] = [];
  // This thread's own CPU only: the process's (process.cpuUsage) counts V8's helper threads too, which
  // at the end of a run can be sweeping the benchmark's heap while the loop runs.
  const mainThread = () => processCpu(process.pid, `/proc/${process.pid}/task`);
  const before = mainThread();
  for (let run = 0; run < 3; run++) {
    const fresh = Buffer.allocUnsafeSlow(FRESH_BYTES);
    const start = performance.now();
    for (let at = 0; at < fresh.length; at += PAGE) {
      fresh[at] = 1;
    }
    times.push(((performance.now() - start) * 1000) / pages);
  }
  const after = mainThread();
  // /proc counts in 10 ms ticks, so the three loops' user time is taken together, not each alone.
  const userUs = before && after ? ((after.userMs - before.userMs) * 1000) / (3 * pages) : undefined;
  return {
    pageTouchUs: round(median(times), 2),
    ...(userUs === undefined ? {} : { pageTouchUserUs: round(userUs, 2) }),
  };
}

/**
 * The hypervisor the kernel found at boot ("KVM", "PVM", ...), from its log; undefined where the log
 * cannot be read or names none. The kernel's build (the host class in the standing) does not say it.
 */
export function hypervisor(): string | undefined {
  try {
    const log = execFileSync("dmesg", {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    });
    return hypervisorIn(log);
  } catch {
    return undefined;
  }
}

export function hypervisorIn(kernelLog: string): string | undefined {
  return /Hypervisor detected: (\S+)/.exec(kernelLog)?.[1];
}

/** Whether the kernel isolates its page tables from user space (each system call then switches them). */
export function pageTableIsolation(sysDir = "/sys/devices/system/cpu/vulnerabilities"): boolean | undefined {
  try {
    return fs.readFileSync(path.join(sysDir, "meltdown"), "utf8").includes("PTI");
  } catch {
    return undefined;
  }
}

/**
 * Whether the kernel's autogroup scheduling is on. Then every session is a scheduling group of its
 * own, and PostgreSQL starts each backend in a session of its own: a contended core is shared equally
 * between each backend and the benchmark's one group (the API, the load generator and pgbench), and a
 * nice value acts only within its group. Turning it off gave the API's movements 4.5% more on the
 * thirty-fifth session's Intel host (three pairs) and nothing on the thirty-sixth's AMD host (six
 * pairs): kept so later runs can tell whether it matters on their host (bench/NOTES.md).
 */
export function schedulerAutogroup(procSysKernel = "/proc/sys/kernel"): boolean | undefined {
  try {
    return fs.readFileSync(path.join(procSysKernel, "sched_autogroup_enabled"), "utf8").trim() === "1";
  } catch {
    return undefined;
  }
}

/**
 * How long, in ns, an idle virtual CPU polls for work before it halts (and must be woken through the
 * hypervisor), where the guest idles through the haltpoll driver; undefined where it does not.
 */
export function guestHaltPollNs(sysDir = "/sys"): number | undefined {
  try {
    const driver = fs.readFileSync(path.join(sysDir, "devices/system/cpu/cpuidle/current_driver"), "utf8");
    if (driver.trim() !== "haltpoll") {
      return undefined;
    }
    const ns = Number(
      fs.readFileSync(path.join(sysDir, "module/haltpoll/parameters/guest_halt_poll_ns"), "utf8").trim(),
    );
    return Number.isFinite(ns) ? ns : undefined;
  } catch {
    return undefined;
  }
}
