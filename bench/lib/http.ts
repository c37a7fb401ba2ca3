import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildApi } from "../../apps/api/scripts/build.ts";
import { type ServerProcess, spawnServer } from "../../apps/api/test/process/server-process.ts";
import { processCpu } from "./proc-stat.ts";
import { percentile, round, sleep } from "./stats.ts";

export interface RunningApi {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

let apiBuilt: Promise<void> | undefined;

/**
 * The real server (started as `npm run serve` starts it: the bundle of the current source) as a child
 * process on 127.0.0.1, at its own default log level, its output going to a file as it would in
 * production rather than through a pipe this process reads. `webDist` serves the benchmark's own build
 * of apps/web (apps/web/dist is left alone); `preload` names further modules the child loads first
 * (`node --import`), `env` adds to its environment.
 */
export async function startApi(
  databaseUrl: string,
  webDist?: string,
  extra: { preload?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningApi> {
  apiBuilt ??= buildApi();
  await apiBuilt;
  const preload = extra.preload ?? [];
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), "wms-bench-api-"));
  const server: ServerProcess = spawnServer(
    {
      DATABASE_URL: databaseUrl,
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
      ...(preload.length > 0
        ? {
            NODE_OPTIONS: [process.env.NODE_OPTIONS ?? "", ...preload.map((file) => `--import ${file}`)]
              .join(" ")
              .trim(),
          }
        : {}),
      NODE_ENV: "production",
      // The server's default (info): a line a request, as users run it. Decision 027.
      LOG_LEVEL: undefined,
      DATA_DIR: "/nonexistent-bench-data-dir",
      ...extra.env,
    },
    { outputFile: path.join(outputDir, "server.log") },
  );
  const removeOutput = () => fs.rmSync(outputDir, { recursive: true, force: true });
  const base = await Promise.race([
    server.ready,
    sleep(60_000).then(() => {
      throw new Error(`server did not start within 60 s:\n${server.output()}`);
    }),
  ]).catch((error: unknown) => {
    server.child.kill("SIGKILL");
    removeOutput();
    throw error;
  });
  return {
    base: base.replace("localhost", "127.0.0.1"),
    pid: server.child.pid ?? 0,
    stop: async () => {
      server.child.kill("SIGTERM");
      await Promise.race([server.exited, sleep(15_000)]);
      if (server.child.exitCode === null) {
        server.child.kill("SIGKILL");
      }
      removeOutput();
    },
  };
}

export const CSRF = { "x-requested-with": "wms" };

/** Signs in over HTTP and returns the session cookie ("name=value"). */
export async function signIn(base: string, portal: "admin" | "staff", email: string, password: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...CSRF },
    body: JSON.stringify({ portal, email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in of ${email} failed with ${response.status}: ${await response.text()}`);
  }
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** Samples a process's resident set size (VmRSS) every `everyMs` until stopped; figures in MB. */
export function sampleRss(pid: number, everyMs = 200) {
  const samples: number[] = [];
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const match = /VmRSS:\s+(\d+) kB/.exec(status);
      if (match?.[1]) {
        samples.push(Number(match[1]) / 1024);
      }
    } catch {
      // the process has gone
    }
  };
  const cpuMsNow = () => {
    const cpu = processCpu(pid);
    return cpu ? cpu.userMs + cpu.systemMs : Number.NaN;
  };
  const cpuStart = cpuMsNow();
  const wallStart = performance.now();
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      const cpuMs = cpuMsNow() - cpuStart;
      return {
        samples: samples.length,
        maxMb: round(Math.max(...samples)),
        lastMb: round(samples.at(-1) ?? 0),
        cpuMs,
        cpuCores: round(cpuMs / (performance.now() - wallStart), 2),
      };
    },
  };
}

/** An item held at position `a` (at least 5 units) and another position `b` of the same warehouse. */
export interface MovePair {
  itemId: number;
  a: number;
  b: number;
}

export interface MovementLoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  durationS: number;
  rps: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  statusCounts: Record<string, number>;
  /**
   * The load generator's own CPU (this process, autocannon's clients) per request: time the API and
   * PostgreSQL could not have on a two-core machine, which pgbench's C client hardly takes.
   */
  generatorCpuMsPerRequest: number;
}

/**
 * Posts movements at `connections` concurrent clients for `seconds`, each client under its own
 * signed-in session (cookies[c]) and with its own pairs (every connections-th), so no two requests in
 * flight touch the same item (as pgbench at a scale >= its clients). A client moves 1 unit of each of
 * its pairs a->b, then each b->a, and so on, so stock stays valid however long the run.
 * Every request is built once, before the run: autocannon then only writes its bytes and reads the
 * answer. Built per request (setupRequest), they cost the load generator, which shares the machine
 * with the API and PostgreSQL, about a fifth more CPU per request; pgbench's client has no such cost.
 */
export async function movementLoad(options: {
  base: string;
  cookies: string[];
  managedBy: number[];
  pairs: MovePair[];
  connections: number;
  seconds: number;
}): Promise<MovementLoadResult> {
  const { pairs, cookies, connections } = options;
  if (pairs.length < connections || cookies.length === 0) {
    throw new Error("the movement load needs a pair per client and at least one session");
  }
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let n = 0;
  const request = (client: number, pair: MovePair, forward: boolean) => ({
    method: "POST" as const,
    path: "/api/movements",
    headers: { "content-type": "application/json", ...CSRF, cookie: cookies[client % cookies.length] ?? "" },
    body: JSON.stringify({
      type: "moved",
      itemId: pair.itemId,
      quantity: "1",
      fromLocationId: forward ? pair.a : pair.b,
      toLocationId: forward ? pair.b : pair.a,
      managedBy: options.managedBy[n++ % options.managedBy.length],
      reason: "Benchmark move",
    }),
  });
  const generatorStart = process.cpuUsage();
  const instances = Array.from({ length: connections }, (_, client) => {
    const own = pairs.filter((_, k) => k % connections === client);
    const instance = autocannon({
      url: options.base,
      connections: 1,
      pipelining: 1,
      duration: options.seconds,
      timeout: 10,
      requests: [
        ...own.map((pair) => request(client, pair, true)),
        ...own.map((pair) => request(client, pair, false)),
      ],
    });
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
    });
    return instance;
  });
  const results = await Promise.all(instances);
  const generator = process.cpuUsage(generatorStart);
  const durationS = Math.max(...results.map((result) => result.duration));
  const ok = statusCounts["201"] ?? 0;
  return {
    requests: latencies.length,
    non2xx: latencies.length - ok,
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    durationS,
    rps: round(ok / durationS),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(Math.max(...latencies)),
    },
    statusCounts,
    generatorCpuMsPerRequest: round(
      (generator.user + generator.system) / 1000 / Math.max(1, latencies.length),
      3,
    ),
  };
}

/** GET `paths` one after another (one client, as a person types), timing each; throws on a non-200. */
export async function timeGets(base: string, cookie: string, paths: string[]) {
  const times: number[] = [];
  let bytes = 0;
  for (const path of paths) {
    const start = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    bytes = body.byteLength;
    if (response.status !== 200) {
      throw new Error(
        `GET ${path} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`,
      );
    }
  }
  return { times, lastBytes: bytes };
}

/**
 * The HTTP floor of the API in the same run: GET /api/session (the session looked up in PostgreSQL,
 * a small JSON answer, nothing else) at `connections` concurrent clients. No write can be faster than
 * this through the same stack, so it shows how much of the movement budget the stack itself leaves.
 */
export async function sessionFloor(options: {
  base: string;
  cookie: string;
  connections: number;
  seconds: number;
}): Promise<{ rps: number; latencyMs: { p50: number; p95: number } }> {
  const latencies: number[] = [];
  let ok = 0;
  const instance = autocannon({
    url: `${options.base}/api/session`,
    connections: options.connections,
    duration: options.seconds,
    headers: { cookie: options.cookie },
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    ok += statusCode === 200 ? 1 : 0;
  });
  const result = await instance;
  return {
    rps: round(ok / result.duration),
    latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) },
  };
}
