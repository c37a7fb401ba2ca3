import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { guestHaltPollNs, hypervisor, pageTableIsolation, schedulerAutogroup } from "./kernel-check.ts";
import { round } from "./stats.ts";

/**
 * The machine a run measured, as far as the guest can see it. The virtual CPU's model name is the same
 * ("AMD EPYC") on hosts of different generations, so the run also keeps the family, model and
 * stepping the CPU reports (family 25 is Zen 3 and Zen 4), its clock as the guest sees it, and its
 * last-level cache. On two hosts of one kernel build, whose CPU checks and TPC-B transactions cost
 * within a tenth of each other, a replayed movement cost a quarter more on one, and a memory-latency
 * probe did not say why (the thirty-fourth session's notes in bench/NOTES.md): these figures let
 * later runs tell whether such hosts differ by their CPU. Runs before 2026-11-30 have the model name
 * only.
 */
export interface Machine {
  nproc: number;
  memoryGiB: number | null;
  cpuModel: string;
  /** "family 25 model 17 stepping 1", from /proc/cpuinfo; null where it says nothing. */
  cpuId: string | null;
  cpuMHz: number | null;
  /** The largest cache level's size in KiB, from sysfs (the guest's view: the host may share it). */
  lastLevelCacheKiB: number | null;
  node: string;
  kernel: string;
  hypervisor: string | null;
  pageTableIsolation: boolean | null;
  /** The kernel's autogroup scheduling (kernel-check.ts); result files before the thirty-fifth session's fifth run lack it. */
  schedulerAutogroup: boolean | null;
  /** How long an idle virtual CPU polls before it halts, in ns; null where the guest idles otherwise. */
  guestHaltPollNs: number | null;
}

export function machine(): Machine {
  const cpu = readOr("/proc/cpuinfo", "");
  const facts = cpuInfoFacts(cpu);
  const mem = /MemTotal:\s+(\d+) kB/.exec(readOr("/proc/meminfo", ""))?.[1];
  return {
    nproc: os.availableParallelism(),
    memoryGiB: mem ? round(Number(mem) / 1024 / 1024, 1) : null,
    cpuModel: facts.model ?? os.cpus()[0]?.model ?? "unknown",
    cpuId: facts.id,
    cpuMHz: facts.mhz,
    lastLevelCacheKiB: lastLevelCacheKiB(),
    node: process.version,
    kernel: os.release(),
    hypervisor: hypervisor() ?? null,
    pageTableIsolation: pageTableIsolation() ?? null,
    schedulerAutogroup: schedulerAutogroup() ?? null,
    guestHaltPollNs: guestHaltPollNs() ?? null,
  };
}

/** The first processor's model name, family, model, stepping and clock, from /proc/cpuinfo's text. */
export function cpuInfoFacts(cpuinfo: string): {
  model: string | undefined;
  id: string | null;
  mhz: number | null;
} {
  const first = cpuinfo.split(/\n\s*\n/)[0] ?? "";
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, "m").exec(first)?.[1]?.trim();
  const [family, model, stepping] = [field("cpu family"), field("model"), field("stepping")];
  const mhz = Number(field("cpu MHz"));
  return {
    model: field("model name"),
    id: family && model ? `family ${family} model ${model}${stepping ? ` stepping ${stepping}` : ""}` : null,
    mhz: Number.isFinite(mhz) && mhz > 0 ? Math.round(mhz) : null,
  };
}

/** The size of CPU 0's highest cache level ("32768K" in sysfs), in KiB. */
export function lastLevelCacheKiB(cacheDir = "/sys/devices/system/cpu/cpu0/cache"): number | null {
  let best: { level: number; kib: number } | null = null;
  let entries: string[];
  try {
    entries = fs.readdirSync(cacheDir).filter((name) => name.startsWith("index"));
  } catch {
    return null;
  }
  for (const entry of entries) {
    const level = Number(readOr(path.join(cacheDir, entry, "level"), "").trim());
    const size = /^(\d+)([KM]?)/.exec(readOr(path.join(cacheDir, entry, "size"), "").trim());
    if (!Number.isFinite(level) || !size) {
      continue;
    }
    const kib = Number(size[1]) * (size[2] === "M" ? 1024 : 1);
    if (!best || level > best.level) {
      best = { level, kib };
    }
  }
  return best?.kib ?? null;
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return fallback;
  }
}

/** "AMD EPYC, family 25 model 17 stepping 1, 2,596 MHz, 32 MiB last-level cache", as far as the run knew. */
export function cpuDescription(
  m: Partial<Pick<Machine, "cpuModel" | "cpuId" | "cpuMHz" | "lastLevelCacheKiB">>,
): string {
  const cache = m.lastLevelCacheKiB;
  return [
    m.cpuModel ?? "unknown",
    m.cpuId,
    m.cpuMHz ? `${m.cpuMHz.toLocaleString("en-US")} MHz` : null,
    cache ? `${cache % 1024 === 0 ? `${cache / 1024} MiB` : `${cache} KiB`} last-level cache` : null,
  ]
    .filter(Boolean)
    .join(", ");
}
