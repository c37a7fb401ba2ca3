/**
 * Diagnostic (not part of the benchmark run): two builds of the web app measured against each other on
 * the data set an earlier `npm run bench` left behind. Each build is served by an API process of its
 * own from the same database. The visits alternate: each pair measures one build and then the other,
 * the order swapping from pair to pair, each visit in a fresh browser. On these machines one visit's
 * figure moves by up to 2x and the machine's speed drifts within minutes, so a change shows in how
 * the pairs split, not in one full run against another.
 *
 *   npx vite build apps/web --outDir /tmp/web-a --manifest     # the build before the change
 *   npx vite build apps/web --outDir /tmp/web-b --manifest     # and after it
 *   node --import tsx bench/web-compare.ts /tmp/web-a /tmp/web-b [--pairs 10] [--only lighthouse|grid]
 *        [--page /wmscontrolpaneladmin/dashboard] [--signed-out] [--cpu-slowdown 8]
 *
 * --page is the page Lighthouse measures, as the administrator, or signed out with --signed-out (for
 * the sign-in pages, which send someone signed in on to the dashboard). --cpu-slowdown sets Lighthouse's
 * simulated CPU slowdown (default 4): on a fast machine 6-8 stands in for the slower ones (decision
 * 020). The grid's figures: the benchmark's, from the /grid answer to the cells in view painted, and
 * the time from navigating to that paint (what the person waits for in all).
 * BENCH_DB_SUFFIX and BENCH_PG_URL name the data set as for `npm run bench`.
 */
import { parseArgs } from "node:util";
import { ADMIN_EMAIL, BENCH_PASSWORD } from "./lib/dataset.ts";
import { BENCH_DATASET_URL } from "./lib/db.ts";
import { gridRenderTime } from "./lib/grid-render.ts";
import { type RunningApi, signIn, startApi } from "./lib/http.ts";
import { lighthouseRun } from "./lib/lighthouse.ts";
import { median, round } from "./lib/stats.ts";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    pairs: { type: "string", default: "10" },
    only: { type: "string" },
    page: { type: "string", default: "/wmscontrolpaneladmin/dashboard" },
    "cpu-slowdown": { type: "string" },
    "signed-out": { type: "boolean", default: false },
  },
});
const [distA, distB] = positionals;
if (!distA || !distB) {
  throw new Error(
    "usage: web-compare.ts DIST_A DIST_B [--pairs N] [--only lighthouse|grid] [--page PATH] [--signed-out] [--cpu-slowdown N]",
  );
}
const pairs = Number(options.pairs);
const cpuSlowdown = options["cpu-slowdown"] ? Number(options["cpu-slowdown"]) : undefined;
const GRID_PAGE = "/wmscontrolpaneladmin/warehouses/1";

interface Build {
  label: "A" | "B";
  api: RunningApi;
  cookie: string;
}
/** What one visit measured, and whether a higher figure is the better one. */
interface Figure {
  name: string;
  higherIsBetter: boolean;
  value: number | null;
}
type Probe = (build: Build) => Promise<Figure[]>;

const probes: Probe[] = [];
if (options.only !== "grid") {
  probes.push(async (build) => {
    const cookie = options["signed-out"] ? undefined : build.cookie;
    const run = await lighthouseRun(`${build.api.base}${options.page}`, cookie, { cpuSlowdown });
    if (run.score === null) {
      console.log(`${build.label}: Lighthouse gave no score (${run.runtimeError ?? "no error given"})`);
    }
    return [
      { name: `Lighthouse score, ${options.page}`, higherIsBetter: true, value: run.score },
      { name: "Lighthouse total blocking time, ms", higherIsBetter: false, value: run.metrics.tbtMs ?? null },
      {
        name: "Lighthouse first contentful paint, ms",
        higherIsBetter: false,
        value: run.metrics.fcpMs ?? null,
      },
      {
        name: "Lighthouse largest contentful paint, ms",
        higherIsBetter: false,
        value: run.metrics.lcpMs ?? null,
      },
    ];
  });
}
if (options.only !== "lighthouse") {
  probes.push(async (build) => {
    const visit = await gridRenderTime(build.api.base, build.cookie, [GRID_PAGE]);
    return [
      {
        name: "grid: the cells in view painted, ms after the answer",
        higherIsBetter: false,
        value: visit?.inViewMs ?? null,
      },
      {
        // What the person waits for in all: the answer's own arrival as well as the drawing after it.
        name: "grid: the cells in view painted, ms after navigating",
        higherIsBetter: false,
        value: visit ? round(visit.responseEnd + visit.inViewMs) : null,
      },
    ];
  });
}

async function startBuild(label: "A" | "B", dist: string): Promise<Build> {
  const api = await startApi(BENCH_DATASET_URL, dist);
  return { label, api, cookie: await signIn(api.base, "admin", ADMIN_EMAIL, BENCH_PASSWORD) };
}

const builds = [await startBuild("A", distA), await startBuild("B", distB)] as const;
/** Per figure's name: whether higher is better, and each pair's [A, B]. */
const results = new Map<string, { higherIsBetter: boolean; pairs: Array<[number | null, number | null]> }>();
try {
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? builds : ([builds[1], builds[0]] as const);
    const measured = { A: [] as Figure[], B: [] as Figure[] };
    for (const build of order) {
      for (const probe of probes) {
        measured[build.label].push(...(await probe(build)));
      }
    }
    for (const [index, a] of measured.A.entries()) {
      const b = measured.B[index];
      const entry = results.get(a.name) ?? { higherIsBetter: a.higherIsBetter, pairs: [] };
      entry.pairs.push([a.value, b?.value ?? null]);
      results.set(a.name, entry);
      console.log(
        `pair ${pair + 1} (${order[0].label} first): ${a.name}: A ${a.value}, B ${b?.value ?? null}`,
      );
    }
  }
} finally {
  await Promise.all(builds.map((build) => build.api.stop()));
}

console.log(`\n${pairs} pairs${cpuSlowdown ? `, Lighthouse's CPU slowdown ${cpuSlowdown}x` : ""}:`);
for (const [name, { higherIsBetter, pairs: measuredPairs }] of results) {
  // A visit without a figure (a Lighthouse run that gave no score) leaves its pair out.
  const complete = measuredPairs.filter(
    (pair): pair is [number, number] => pair[0] !== null && pair[1] !== null,
  );
  const better = complete.filter(([a, b]) => (higherIsBetter ? b > a : b < a)).length;
  const worse = complete.filter(([a, b]) => (higherIsBetter ? b < a : b > a)).length;
  console.log(
    `${name}: median A ${round(median(complete.map(([a]) => a)))}, B ${round(median(complete.map(([, b]) => b)))}; ` +
      `B better in ${better}, worse in ${worse}, equal in ${complete.length - better - worse} of ${complete.length} complete pairs`,
  );
}
