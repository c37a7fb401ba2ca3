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

/**
 * pgbench's built-in TPC-B ("tpcb-like") against `database` on 127.0.0.1:5432: `pgbench -i` into its own
 * database first, then -c clients for -T seconds. The scale is at least the client count, as pgbench's
 * documentation asks, so clients do not all queue on the one branch row of scale 1.
 */
export async function pgbenchTpcb(options: {
  host: string;
  port: number;
  user: string;
  database: string;
  clients: number;
  seconds: number;
  scale: number;
}): Promise<PgbenchResult> {
  const common = ["-h", options.host, "-p", String(options.port), "-U", options.user];
  const env = { ...process.env, PGCONNECT_TIMEOUT: "10" };
  await run("pgbench", ["-i", "-q", "-s", String(options.scale), ...common, options.database], {
    env,
    timeout: 300_000,
  });
  const threads = Math.min(2, options.clients);
  const { stdout } = await run(
    "pgbench",
    [
      "-c",
      String(options.clients),
      "-j",
      String(threads),
      "-T",
      String(options.seconds),
      "-n",
      ...common,
      options.database,
    ],
    { env, timeout: (options.seconds + 120) * 1000 },
  );
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? Number.NaN);
  const { stdout: version } = await run("pgbench", ["--version"]);
  return {
    scale: options.scale,
    clients: options.clients,
    threads,
    seconds: options.seconds,
    tps: Math.round(number(/tps = ([\d.]+) \(without initial connection time\)/)),
    latencyAvgMs: number(/latency average = ([\d.]+) ms/),
    transactions: number(/number of transactions actually processed: (\d+)/),
    failed: number(/number of failed transactions: (\d+)/) || 0,
    version: version.trim(),
  };
}
