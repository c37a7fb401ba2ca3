import { describe, expect, it } from "vitest";
import {
  guestHaltPollNs,
  hypervisorIn,
  kernelCheck,
  pageTableIsolation,
  schedulerAutogroup,
} from "./kernel-check.ts";
import { kernelCheckLine } from "./report.ts";
import { withTempDir } from "./temp-dir.fixture.ts";

describe("the kernel check", () => {
  it("times a system call and a fresh page's first touch on this machine", () => {
    const check = kernelCheck();
    for (const figure of [check.syscallUs, check.pageTouchUs]) {
      expect(Number.isFinite(figure)).toBe(true);
      expect(figure).toBeGreaterThan(0);
    }
    // The user-mode part may be nothing on a machine whose faults never leave the kernel.
    expect(Number.isFinite(check.pageTouchUserUs)).toBe(true);
    expect(check.pageTouchUserUs).toBeGreaterThanOrEqual(0);
  });

  it("reads the hypervisor from the kernel's boot log, and nothing from a log that names none", () => {
    const log = [
      "[    0.000000] Command line: console=ttyS0 pti=on",
      "[    0.000000] Hypervisor detected: PVM",
      "[    0.000020] pvm-pv: running under PVM (pv-lite)",
    ].join("\n");
    expect(hypervisorIn(log)).toBe("PVM");
    expect(hypervisorIn("[    0.000000] Hypervisor detected: KVM\n")).toBe("KVM");
    expect(hypervisorIn("[    0.000000] Linux version 6.18.44\n")).toBeUndefined();
  });

  it.each([
    {
      setting: "page-table isolation, from the Meltdown entry",
      read: pageTableIsolation,
      file: "meltdown",
      on: "Mitigation: PTI\n",
      off: "Not affected\n",
    },
    {
      setting: "whether the scheduler groups processes by session",
      read: schedulerAutogroup,
      file: "sched_autogroup_enabled",
      on: "1\n",
      off: "0\n",
    },
  ])("reads $setting, and nothing where the kernel does not say", ({ read, file, on, off }) => {
    withTempDir("kernel-", (dir, write) => {
      expect(read(dir)).toBeUndefined();
      write(file, on);
      expect(read(dir)).toBe(true);
      write(file, off);
      expect(read(dir)).toBe(false);
    });
  });

  it("writes the run's figures at start and end, and what is not known as such", () => {
    const start = { syscallUs: 2.68, pageTouchUs: 12.53 };
    expect(
      kernelCheckLine(
        { start, end: { syscallUs: 2.7, pageTouchUs: 12.2 } },
        { hypervisor: "PVM", pageTableIsolation: true },
      ),
    ).toBe(
      "Kernel check (`bench/lib/kernel-check.ts`; lower is faster): a system call 2.68 µs, a fresh page's first touch 12.53 µs at the start; a system call 2.7 µs, a fresh page's first touch 12.2 µs at the end. Hypervisor: PVM; page-table isolation on.",
    );
    // Runs since 2026-11-30 also say how much of a fresh page the kernel counted as user mode.
    expect(
      kernelCheckLine(
        {
          start: { ...start, pageTouchUserUs: 6.1 },
          end: { syscallUs: 2.7, pageTouchUs: 12.2, pageTouchUserUs: 5.9 },
        },
        { hypervisor: "PVM", pageTableIsolation: true },
      ),
    ).toBe(
      "Kernel check (`bench/lib/kernel-check.ts`; lower is faster): a system call 2.68 µs, a fresh page's first touch 12.53 µs (6.1 µs of it counted as user mode) at the start; a system call 2.7 µs, a fresh page's first touch 12.2 µs (5.9 µs of it counted as user mode) at the end. Hypervisor: PVM; page-table isolation on.",
    );
    expect(kernelCheckLine({ start }, { hypervisor: null, pageTableIsolation: null })).toBe(
      "Kernel check (`bench/lib/kernel-check.ts`; lower is faster): a system call 2.68 µs, a fresh page's first touch 12.53 µs at the start. Hypervisor: not named; page-table isolation not known.",
    );
    // Runs since the thirty-fifth session also say how the guest schedules and idles, where it could tell.
    expect(
      kernelCheckLine(
        { start },
        { hypervisor: "KVM", pageTableIsolation: false, schedulerAutogroup: true, guestHaltPollNs: 200_000 },
      ),
    ).toBe(
      "Kernel check (`bench/lib/kernel-check.ts`; lower is faster): a system call 2.68 µs, a fresh page's first touch 12.53 µs at the start. Hypervisor: KVM; page-table isolation off; the scheduler's autogroups on; an idle CPU polls 200 µs before it halts.",
    );
    expect(
      kernelCheckLine(
        { start },
        { hypervisor: "KVM", pageTableIsolation: false, schedulerAutogroup: false, guestHaltPollNs: null },
      ),
    ).toBe(
      "Kernel check (`bench/lib/kernel-check.ts`; lower is faster): a system call 2.68 µs, a fresh page's first touch 12.53 µs at the start. Hypervisor: KVM; page-table isolation off; the scheduler's autogroups off.",
    );
  });

  it("reads the idle CPU's polling only where the guest idles through the haltpoll driver", () => {
    withTempDir("sys-", (dir, write) => {
      expect(guestHaltPollNs(dir)).toBeUndefined();
      write("module/haltpoll/parameters/guest_halt_poll_ns", "0\n");
      write("devices/system/cpu/cpuidle/current_driver", "acpi_idle\n");
      expect(guestHaltPollNs(dir)).toBeUndefined();
      write("devices/system/cpu/cpuidle/current_driver", "haltpoll\n");
      expect(guestHaltPollNs(dir)).toBe(0);
      write("module/haltpoll/parameters/guest_halt_poll_ns", "200000\n");
      expect(guestHaltPollNs(dir)).toBe(200_000);
    });
  });
});
