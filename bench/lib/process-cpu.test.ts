import path from "node:path";
import { describe, expect, it } from "vitest";
import { statTreeTimes } from "./proc-stat.ts";
import { processTreeCpu, withProcessCpu } from "./process-cpu.ts";
import { type WriteUnder, withTempDir } from "./temp-dir.fixture.ts";

// A /proc/<pid>/stat line: its name holds a space and a parenthesis, as a PostgreSQL backend's may.
const stat = (pid: number, ppid: number, utime: number, stime: number, cutime = 0, cstime = 0) =>
  `${pid} (postgres: x (y)) S ${ppid} 2 3 0 -1 4194560 10 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0 100 0 0`;

const put = (write: WriteUnder, pid: number, line: string) => write(path.join(String(pid), "stat"), line);

describe("statTreeTimes", () => {
  it("reads the parent's pid, the process's own times and its ended children's, in ms", () => {
    expect(statTreeTimes(stat(7, 1, 95, 42, 300, 120))).toEqual({
      parentPid: 1,
      own: { userMs: 950, systemMs: 420 },
      reaped: { userMs: 3000, systemMs: 1200 },
    });
  });
});

describe("processTreeCpu", () => {
  it("counts a server's running children and ended ones, and leaves other processes out", () => {
    withTempDir("proc-", (dir, write) => {
      put(write, 100, stat(100, 1, 10, 5, 40, 20)); // the postmaster, two ended backends' time reaped
      put(write, 101, stat(101, 100, 200, 100)); // a backend
      put(write, 102, stat(102, 100, 300, 50)); // another
      put(write, 200, stat(200, 1, 999, 999)); // not the server's
      expect(processTreeCpu(100, true, dir)).toEqual({ userMs: 5500, systemMs: 1750 });
    });
  });

  it("without live children counts a process and the children it waited for only", () => {
    withTempDir("proc-", (dir, write) => {
      put(write, 10, stat(10, 1, 50, 10, 20, 30)); // the benchmark, a pgbench run reaped
      put(write, 11, stat(11, 10, 900, 900)); // the API, still running
      expect(processTreeCpu(10, false, dir)).toEqual({ userMs: 700, systemMs: 400 });
    });
  });

  it("has no figure for a process that is not there", () => {
    withTempDir("proc-", (dir) => {
      expect(processTreeCpu(100, true, dir)).toBeUndefined();
    });
  });
});

describe("withProcessCpu", () => {
  it("gives each process's CPU over the work, per unit of its value", async () => {
    await withTempDir("proc-", async (dir, write) => {
      put(write, 100, stat(100, 1, 10, 10));
      put(write, 101, stat(101, 100, 100, 100));
      put(write, 20, stat(20, 1, 500, 100));
      put(write, 10, stat(10, 1, 50, 10));
      const { value, byProcess } = await withProcessCpu(
        { databasePid: 100, apiPid: 20, clientPid: 10 },
        async () => {
          put(write, 101, stat(101, 100, 150, 120)); // +500 ms user, +200 ms kernel
          put(write, 102, stat(102, 100, 30, 10)); // a backend started during the work
          put(write, 20, stat(20, 1, 900, 180));
          put(write, 10, stat(10, 1, 60, 12));
          return { movements: 1000 };
        },
        (result) => result.movements,
        dir,
      );
      expect(value).toEqual({ movements: 1000 });
      expect(byProcess).toEqual({
        database: { userMs: 0.8, systemMs: 0.3 },
        api: { userMs: 4, systemMs: 0.8 },
        client: { userMs: 0.1, systemMs: 0.02 },
      });
    });
  });

  it("leaves the API out under the replay, and has no figures when the server cannot be read", async () => {
    await withTempDir("proc-", async (dir, write) => {
      const replayRound = () =>
        withProcessCpu(
          { databasePid: 100, clientPid: 10 },
          async () => 5,
          () => 5,
          dir,
        );
      put(write, 10, stat(10, 1, 50, 10));
      expect(await replayRound()).toEqual({ value: 5 });
      put(write, 100, stat(100, 1, 10, 10));
      expect((await replayRound()).byProcess).toEqual({
        database: { userMs: 0, systemMs: 0 },
        client: { userMs: 0, systemMs: 0 },
      });
    });
  });
});
