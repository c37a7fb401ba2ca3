/**
 * Diagnostic (not part of the benchmark run): the web measurements of the benchmark alone, repeated,
 * against a data set an earlier `npm run bench` left behind. Builds apps/web into bench/.web-dist,
 * serves it from the API, then runs Lighthouse on the login page and the dashboard and the grid
 * render measurement, each several times, and prints every figure and the median.
 *
 *   node --import tsx bench/web-probe.ts [--runs 3] [--no-build] [--only lighthouse|grid] [--lhr DIR]
 *   BENCH_DB_SUFFIX=_w   the data set of `BENCH_DB_SUFFIX=_w npm run bench -- --quick`
 *
 * --lhr DIR writes each Lighthouse report (JSON) there, for the audits the benchmark does not keep.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADMIN_EMAIL, BENCH_PASSWORD } from "./lib/dataset.ts";
import { BENCH_DATASET_URL } from "./lib/db.ts";
import { anchorOf, gridRenderTime } from "./lib/grid-render.ts";
import { signIn, startApi } from "./lib/http.ts";
import { lighthouseRun } from "./lib/lighthouse.ts";
import { median } from "./lib/stats.ts";
import { buildWeb, routeBundles } from "./lib/web-bundles.ts";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const WEB_OUT = path.join(REPO, "bench/.web-dist");
const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
};
const runs = Number(option("--runs") ?? 3);
const only = option("--only");
const lhrDir = option("--lhr");

if (!argv.includes("--no-build")) {
  const ms = await buildWeb(REPO, WEB_OUT);
  const routes = routeBundles(path.join(REPO, "apps/web"), WEB_OUT);
  console.log(`built in ${ms} ms; ${routes.map((r) => `${r.route} ${r.gzipKb} KB`).join(", ")}`);
}

const api = await startApi(BENCH_DATASET_URL, WEB_OUT);
try {
  const cookie = await signIn(api.base, "admin", ADMIN_EMAIL, BENCH_PASSWORD);
  if (only !== "grid") {
    for (const [name, pagePath, withCookie] of [
      ["login", "/wmscontrolpaneladmin/login", false],
      ["dashboard", "/wmscontrolpaneladmin/dashboard", true],
    ] as const) {
      const scores: number[] = [];
      for (let run = 0; run < runs; run++) {
        const { score, metrics, runtimeError } = await lighthouseRun(
          `${api.base}${pagePath}`,
          withCookie ? cookie : undefined,
          lhrDir ? { reportFile: path.join(lhrDir, `${name}-${run}.json`) } : {},
        );
        scores.push(score ?? 0);
        console.log(`lighthouse ${name} #${run + 1}: ${JSON.stringify({ score, ...metrics, runtimeError })}`);
      }
      console.log(`lighthouse ${name}: median ${median(scores)} of ${scores.join(", ")}`);
    }
  }
  if (only !== "lighthouse") {
    const inView: number[] = [];
    const complete: number[] = [];
    const anchors: Array<{ anchorMs?: number }> = [];
    for (let run = 0; run < runs; run++) {
      const measured = await gridRenderTime(api.base, cookie, ["/wmscontrolpaneladmin/warehouses/1"]);
      console.log(`grid render #${run + 1}: ${JSON.stringify(measured)}`);
      if (measured) {
        inView.push(measured.inViewMs);
        complete.push(measured.renderMs);
        anchors.push(measured);
      }
    }
    const { anchorMs, anchorVisitsMs } = anchorOf(anchors);
    if (anchorMs !== undefined) {
      console.log(
        `grid anchor (the same first-frame cells as ready HTML): median ${anchorMs} ms of ${anchorVisitsMs?.join(", ")}`,
      );
    }
    for (const [name, times] of [
      ["in view", inView],
      ["complete", complete],
    ] as const) {
      console.log(
        `grid ${name}: median ${Math.round(median(times))} ms of ${times.map(Math.round).join(", ")}`,
      );
    }
  }
} finally {
  await api.stop();
}
