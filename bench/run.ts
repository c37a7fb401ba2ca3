/**
 * The performance benchmark of DESIGN.md section 8: `npm run bench` (full data set) or
 * `npm run bench -- --quick` (smaller data set, shorter runs, the same measurements).
 * Options: --skip-embedded, --skip-web, --skip-imports. Traffic goes to 127.0.0.1 only.
 * Never part of `npm test`.
 *
 * This file keeps the run's order and its results document. Each part is a module of lib/
 * (movement-bench, reports-bench, lookups-bench, imports-bench, web-bench), with the run's settings
 * in run-config.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres } from "../apps/api/src/db/embedded-postgres.ts";
import { cpuCheckMs } from "./lib/cpu-check.ts";
import { loadDataset } from "./lib/dataset.ts";
import {
  BENCH_DATASET_DB,
  BENCH_DB_SUFFIX,
  ledgerViolations,
  migrate,
  BENCH_SERVER_URL as PG15_ADMIN,
  query,
  recreateDatabase,
  serverVersion,
} from "./lib/db.ts";
import { webHasGridScreen } from "./lib/grid-render.ts";
import { hostCpuShares, hostCpuTicks, withHostCpu } from "./lib/host-cpu.ts";
import { startApi } from "./lib/http.ts";
import { importsBenchmark } from "./lib/imports-bench.ts";
import { kernelCheck } from "./lib/kernel-check.ts";
import { gridApiBenchmark, searchBenchmark } from "./lib/lookups-bench.ts";
import { machine } from "./lib/machine.ts";
import { movementAgainstReplay, movementBenchmark } from "./lib/movement-bench.ts";
import { pgbenchTpcb } from "./lib/pgbench.ts";
import { writeReadme } from "./lib/report.ts";
import { reportsBenchmark } from "./lib/reports-bench.ts";
import { CONNECTIONS, log, runConfig } from "./lib/run-config.ts";
import { writeStanding } from "./lib/standing.ts";
import { gridRenderBenchmark, lighthouseBenchmark } from "./lib/web-bench.ts";
import { buildWeb, routeBundles } from "./lib/web-bundles.ts";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const BENCH = path.join(REPO, "bench");
const WEB_OUT = path.join(BENCH, ".web-dist");
const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const PG15 = new URL(PG15_ADMIN);
// A `host` parameter names a Unix socket's directory (as libpq reads it): pgbench and the API then
// both connect through it.
const PG15_HOST = PG15.searchParams.get("host") ?? PG15.hostname;
/** Where pgbench reaches PostgreSQL 15 (its database given per run). */
const PG15_TARGET = {
  host: PG15_HOST,
  port: Number(PG15.port || 5432),
  user: decodeURIComponent(PG15.username || "postgres"),
};
const config = runConfig(quick);
// biome-ignore lint/suspicious/noExplicitAny: the results document is free-form JSON
const results: Record<string, any> = { mode: config.mode, startedAt: new Date().toISOString(), config };

/**
 * Runs one part of the run and keeps the machine's CPU shares over it (`results.hostCpu.phases`), so a
 * part the hypervisor starved shows as such beside its figures.
 */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const { value, host } = await withHostCpu(work);
  results.hostCpu.phases[name] = host ?? null;
  return value;
}

async function setUpDatabase(label: string, adminUrl: string, database: string) {
  const url = await recreateDatabase(adminUrl, database);
  const migrateMs = await migrate(url);
  log(`${label}: migrated ${database} in ${migrateMs} ms; loading ${config.size.movements} movements`);
  const start = performance.now();
  const dataset = await loadDataset(url, config.size);
  const loadMs = Math.round(performance.now() - start);
  const check = await ledgerViolations(url);
  const [counts] = await query<Record<string, number>>(
    url,
    `select (select count(*) from items)::int as items, (select count(*) from locations)::int as locations,
            (select count(*) from stock_movements)::int as movements, (select count(*) from stock_balances)::int as balances,
            (select count(*) from stock_balances b join locations l on l.id = b.location_id where l.warehouse_id = 1)::int as "gridWarehouseBalances",
            (select count(distinct b.location_id) from stock_balances b join locations l on l.id = b.location_id where l.warehouse_id = 1)::int as "gridWarehouseStockedPositions"`,
  );
  log(
    `${label}: loaded in ${loadMs} ms ${JSON.stringify(counts)}; ledger violations ${check.violations.length}`,
  );
  if (check.violations.length > 0) {
    throw new Error(
      `the generated data set is inconsistent: ${JSON.stringify(check.violations.slice(0, 5))}`,
    );
  }
  if (counts?.balances !== dataset.finalBalances) {
    throw new Error(`balances ${counts?.balances} differ from the generator's ${dataset.finalBalances}`);
  }
  return {
    url,
    dataset,
    info: { migrateMs, loadMs, ...dataset.timings, counts, violations: 0, checkMs: check.ms },
  };
}

/**
 * bench/results/<date>.json (<date>-quick.json for a quick run); a later run the same day gets -2, -3,
 * ... so it never replaces an earlier one (machines differ from one run to the next).
 */
function resultsFile(date: string, quickRun: boolean): string {
  const base = path.join(BENCH, "results", `${date}${quickRun ? "-quick" : ""}`);
  let file = `${base}.json`;
  for (let n = 2; fs.existsSync(file); n++) {
    file = `${base}-${n}.json`;
  }
  return file;
}

async function main() {
  const started = performance.now();
  const startTicks = hostCpuTicks();
  results.hostCpu = { phases: {} };
  results.machine = machine();
  results.cpuCheck = { startMs: cpuCheckMs() };
  results.kernelCheck = { start: kernelCheck() };
  log(
    `mode ${config.mode}; ${JSON.stringify(results.machine)}; CPU check ${results.cpuCheck.startMs} ms; kernel check ${JSON.stringify(results.kernelCheck.start)}`,
  );

  // Web build first: its figures need no database, and the API serves this build for Lighthouse.
  if (!args.has("--skip-web")) {
    const buildMs = await buildWeb(REPO, WEB_OUT);
    const routes = routeBundles(path.join(REPO, "apps/web"), WEB_OUT);
    results.webBundles = { buildMs, gzipLevel: 9, routes };
    log(`web: built in ${buildMs} ms; ${routes.map((r) => `${r.route} ${r.gzipKb} KB`).join(", ")}`);
  }

  // PostgreSQL 15 of the machine: data set, pgbench anchor, HTTP benchmarks.
  const pg15 = await setUpDatabase("pg15", PG15_ADMIN, BENCH_DATASET_DB);
  results.postgres15 = {
    version: await serverVersion(pg15.url),
    dataset: pg15.info,
    transport: PG15_HOST.startsWith("/")
      ? `Unix socket in ${PG15_HOST}`
      : `TCP ${PG15_HOST}:${PG15.port || 5432}`,
  };
  const pgbenchDb = `wms_bench_pgbench${BENCH_DB_SUFFIX}`;
  await recreateDatabase(PG15_ADMIN, pgbenchDb);
  log(`pgbench: TPC-B -c ${CONNECTIONS} -T ${config.loadSeconds}`);
  results.pgbench = await phase("tpcb", () =>
    pgbenchTpcb({
      ...PG15_TARGET,
      database: pgbenchDb,
      clients: CONNECTIONS,
      seconds: config.loadSeconds,
      scale: 10,
    }),
  );
  log(`pgbench: ${results.pgbench.tps} tps`);
  const api = await startApi(pg15.url, WEB_OUT);
  try {
    const movement = await phase("movements", () => movementBenchmark("pg15", api, pg15, config));
    const { sessions, ...movementFigures } = movement;
    results.movements = {
      ...movementFigures,
      anchorTps: results.pgbench.tps,
      // Ratios are kept exact: the verdict is taken on them, and one rounded first could pass 49.5%.
      ratio: movement.rps / results.pgbench.tps,
    };
    const adminCookie = sessions.admin;

    results.reports = await phase("reports", () =>
      reportsBenchmark(api, pg15.url, adminCookie, pg15.dataset, config.reportRuns),
    );

    results.gridApi = await phase("gridApi", () =>
      gridApiBenchmark(api, adminCookie, pg15.dataset.gridWarehouseId, config.gridRuns),
    );
    results.search = await phase("search", () => searchBenchmark(api, pg15.url, adminCookie, config));

    // After the reports and search: the replay's movements are "later legs" every report before them
    // would have to subtract, which is the benchmark's doing, not a user's.
    const replay = await phase("replayRounds", () =>
      movementAgainstReplay(api, pg15, sessions, config, PG15_TARGET),
    );
    results.movementReplay = replay.replay;
    results.movements.alternating = replay.api;
    results.movements.replayRatio = replay.ratio;

    if (!args.has("--skip-web")) {
      results.lighthouse = await phase("lighthouse", () =>
        lighthouseBenchmark(api.base, adminCookie, config.lighthouseRuns),
      );
      results.gridRender = webHasGridScreen(WEB_OUT)
        ? await phase("gridRender", () =>
            gridRenderBenchmark(api.base, adminCookie, pg15.dataset.gridWarehouseId, config.gridVisits),
          )
        : { status: "not built yet" };
      log(`grid render: ${JSON.stringify(results.gridRender)}`);
    }

    if (!args.has("--skip-imports")) {
      results.imports = await phase("imports", () =>
        importsBenchmark(api, pg15.url, adminCookie, pg15.dataset, config.csvRows),
      );
    }
  } finally {
    await api.stop();
  }

  // The embedded PostgreSQL 18 of the product: the same data set and movement benchmark, no pgbench.
  if (!args.has("--skip-embedded")) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "wms-bench-pg18-"));
    fs.chmodSync(root, 0o755);
    const embedded = await startEmbeddedPostgres(path.join(root, "pg"), { info: () => {}, warn: log });
    try {
      const pg18 = await setUpDatabase("pg18", embedded.url, "wms_bench");
      const api18 = await startApi(pg18.url, WEB_OUT);
      try {
        const { sessions: _sessions, ...figures } = await phase("pg18Movements", () =>
          movementBenchmark("pg18", api18, pg18, config),
        );
        results.postgres18 = {
          version: await serverVersion(pg18.url),
          dataset: pg18.info,
          movements: figures,
        };
      } finally {
        await api18.stop();
      }
    } finally {
      await embedded.stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }

  results.cpuCheck.endMs = cpuCheckMs();
  results.kernelCheck.end = kernelCheck();
  results.hostCpu.run = hostCpuShares(startTicks, hostCpuTicks()) ?? null;
  results.finishedAt = new Date().toISOString();
  results.durationS = Math.round((performance.now() - started) / 1000);
  const file = resultsFile(results.startedAt.slice(0, 10), quick);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeReadme(path.join(BENCH, "README.md"), results, path.relative(BENCH, file));
  writeStanding(path.join(BENCH, "README.md"), path.join(BENCH, "results"));
  log(`done in ${results.durationS} s: ${path.relative(REPO, file)} and bench/README.md`);
}

// Drop the database connections and child processes with the process on Ctrl-C.
process.once("SIGINT", () => process.exit(130));
await main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
