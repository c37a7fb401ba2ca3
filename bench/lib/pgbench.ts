import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PgbenchResult {
  scale: number;
  clients: number;
  threads: number;
  seconds: number;
  tps: number;
  latencyAvgMs: number;
  transactions: number;
  failed: number;
  version: string;
}

/** A PostgreSQL server and database pgbench connects to, and how long it runs at how many clients. */
export interface PgbenchTarget {
  host: string;
  port: number;
  user: string;
  database: string;
  clients: number;
  seconds: number;
}

const PGBENCH_ENV = { ...process.env, PGCONNECT_TIMEOUT: "10" };

const connectionArgs = (target: PgbenchTarget) => [
  "-h",
  target.host,
  "-p",
  String(target.port),
  "-U",
  target.user,
];

/**
 * Runs pgbench for `target.seconds` at `target.clients` clients (on at most 2 threads) with the
 * script options in `script` (none: the built-in TPC-B), and reads its summary.
 */
export async function runPgbench(target: PgbenchTarget, script: string[]) {
  const threads = Math.min(2, target.clients);
  const { stdout } = await run(
    "pgbench",
    [
      "-n",
      "-c",
      String(target.clients),
      "-j",
      String(threads),
      "-T",
      String(target.seconds),
      ...script,
      ...connectionArgs(target),
      target.database,
    ],
    { env: PGBENCH_ENV, timeout: (target.seconds + 120) * 1000 },
  );
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? Number.NaN);
  const { stdout: version } = await run("pgbench", ["--version"]);
  return {
    clients: target.clients,
    threads,
    seconds: target.seconds,
    tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
    latencyAvgMs: number(/latency average = ([\d.]+) ms/),
    transactions: number(/number of transactions actually processed: (\d+)/),
    failed: number(/number of failed transactions: (\d+)/) || 0,
    version: version.trim(),
  };
}

/**
 * pgbench's built-in TPC-B ("tpcb-like") against `database` on 127.0.0.1:5432: `pgbench -i` into its own
 * database first, then -c clients for -T seconds. The scale is at least the client count, as pgbench's
 * documentation asks, so clients do not all queue on the one branch row of scale 1.
 */
export async function pgbenchTpcb(options: PgbenchTarget & { scale: number }): Promise<PgbenchResult> {
  await run(
    "pgbench",
    ["-i", "-q", "-s", String(options.scale), ...connectionArgs(options), options.database],
    {
      env: PGBENCH_ENV,
      timeout: 300_000,
    },
  );
  const result = await runPgbench(options, []);
  return { ...result, scale: options.scale, tps: Math.round(result.tps) };
}
