/**
 * Diagnostic (not part of `npm run bench`): the API process's memory while it previews and then commits
 * the benchmark's 10 MB bulk upload, in about a minute and without the full data set.
 *
 *   node --import tsx bench/upload-memory-probe.ts [--rows 100000] [--heap] [--watch]
 *
 * Drops and recreates the database `wms_upload_probe` (BENCH_PG_URL: the server, default the machine's
 * PostgreSQL on 127.0.0.1:5432), loads a small data set (the benchmark's 20 warehouses and their
 * positions, its administrator, a few movements), starts the real server as a child process, and sends
 * the file the benchmark sends. VmRSS of the child is read every 100 ms from /proc, as the benchmark
 * does. With --heap the child also logs process.memoryUsage() (see lib/memory-usage-hook.mjs), which
 * tells the JavaScript heap from Buffers; those samples stop while the server runs synchronous code,
 * so only VmRSS is a true peak.
 *
 * With --watch, through both it also asks for the upload's stored progress (GET /api/imports/progress/:key, as the
 * web app does) every 25 ms. It reports the slowest answer, the longest any other request to that
 * process waited, and when each phase was first seen, in ms after the upload was sent: validating
 * (the file read and checked, before and in the transaction), saving_items and saving_stock (the
 * receipts and balances); the upload's own answer is its end. With the API process's CPU time, this
 * tells the API's own work from PostgreSQL's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ADMIN_EMAIL, BENCH_PASSWORD, loadDataset } from "./lib/dataset.ts";
import { ledgerViolations, migrate, recreateDatabase } from "./lib/db.ts";
import { CSRF, sampleRss, signIn, startApi } from "./lib/http.ts";
import { importCsv, postImport } from "./lib/imports.ts";
import { round, sleep } from "./lib/stats.ts";

const { values: options } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    heap: { type: "boolean", default: false },
    watch: { type: "boolean", default: false },
  },
});
const rows = Number(options.rows);
const serverUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MB = 1024 * 1024;

/** The largest figures of the child's own memory log between two instants, in MB. */
function heapPeaks(log: string, from: number, to: number) {
  const peaks = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  for (const line of log.split("\n")) {
    const figures = line.split(" ").map(Number);
    const [at = 0, rss = 0, heapTotal = 0, heapUsed = 0, external = 0, arrayBuffers = 0] = figures;
    if (figures.length !== 6 || at < from || at > to) {
      continue;
    }
    const sample = { rss, heapTotal, heapUsed, external, arrayBuffers };
    for (const key of Object.keys(peaks) as Array<keyof typeof peaks>) {
      peaks[key] = Math.max(peaks[key], round(sample[key] / MB));
    }
  }
  return peaks;
}

/**
 * Asks the server for the upload's stored progress every 25 ms until stopped, as the web app does.
 * Answers, per phase, the ms after the start at which it was first seen (to within the polling
 * interval and one progress write), and the slowest of those answers: while the API process runs
 * synchronous code, this request waits, as any other would.
 */
function watchServer(base: string, cookie: string, key: string) {
  const start = performance.now();
  const seen: Record<string, number> = {};
  let slowestMs = 0;
  let answers = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const sent = performance.now();
      const response = await fetch(`${base}/api/imports/progress/${key}`, { headers: { cookie, ...CSRF } });
      const { phase } = (await response.json()) as { phase: string };
      slowestMs = Math.max(slowestMs, performance.now() - sent);
      answers += 1;
      seen[phase] ??= round(performance.now() - start);
      await sleep(25);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { progressSeenMs: seen, slowestAnswerMs: round(slowestMs), answers };
    },
  };
}

const url = await recreateDatabase(serverUrl, "wms_upload_probe");
await migrate(url);
const dataset = await loadDataset(url, { items: 500, movements: 5_000, warehouses: 20, months: 2 });
const { csv, items } = importCsv(rows, dataset);
process.stdout.write(`file: ${rows} rows, ${items} items, ${round(Buffer.byteLength(csv) / MB, 2)} MB\n`);

const heapLog = path.join(os.tmpdir(), `wms-upload-probe-${process.pid}.log`);
const api = await startApi(
  url,
  undefined,
  options.heap
    ? {
        preload: [fileURLToPath(new URL("./lib/memory-usage-hook.mjs", import.meta.url))],
        env: { BENCH_MEMORY_LOG: heapLog },
      }
    : {},
);
try {
  const cookie = await signIn(api.base, "admin", ADMIN_EMAIL, BENCH_PASSWORD);
  // Let start-up garbage settle, so the idle figure is the server's resting size.
  await sleep(2_000);
  const idle = sampleRss(api.pid, 100).stop().maxMb;
  const phases: Record<
    string,
    {
      status: number;
      ms: number;
      rssMaxMb: number;
      apiCpuMs: number;
      server?: { progressSeenMs: Record<string, number>; slowestAnswerMs: number; answers: number };
      from: number;
      to: number;
    }
  > = {};
  for (const step of ["preview", "commit"] as const) {
    const from = Date.now();
    const rss = sampleRss(api.pid, 100);
    const key = `probe-${from}`;
    const watch = options.watch ? watchServer(api.base, cookie, key) : undefined;
    const answer = await postImport(api.base, cookie, step, csv, key);
    const memory = rss.stop();
    phases[step] = {
      status: answer.status,
      ms: answer.ms,
      rssMaxMb: memory.maxMb,
      apiCpuMs: memory.cpuMs,
      ...(watch ? { server: await watch.stop() } : {}),
      from,
      to: Date.now(),
    };
    if (answer.status !== (step === "preview" ? 200 : 201)) {
      throw new Error(`${step} answered ${answer.status}: ${answer.body}`);
    }
  }
  const after = sampleRss(api.pid, 100).stop().maxMb;
  const violations = (await ledgerViolations(url)).violations.length;
  const log = options.heap ? fs.readFileSync(heapLog, "utf8") : "";
  const report = {
    rows,
    idleRssMb: idle,
    peakRssMb: Math.max(...Object.values(phases).map((phase) => phase.rssMaxMb)),
    afterRssMb: after,
    ...Object.fromEntries(
      Object.entries(phases).map(([step, { from, to, ...figures }]) => [
        step,
        options.heap ? { ...figures, heapMb: heapPeaks(log, from, to) } : figures,
      ]),
    ),
    ledgerViolations: violations,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await api.stop();
  fs.rmSync(heapLog, { force: true });
}
