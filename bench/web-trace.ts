/**
 * Diagnostic (not part of the benchmark run): where a signed-in page's main thread spends its time,
 * from a Chromium trace and CPU profile of each visit, on the data set an earlier `npm run bench` left
 * behind. Earlier sessions wrote such a tool afresh each time; this one stays.
 *
 *   npx vite build apps/web --outDir /tmp/web-a --manifest
 *   node --import tsx bench/web-trace.ts /tmp/web-a [--page /wmscontrolpaneladmin/warehouses/1]
 *        [--after /api/warehouses/1/grid] [--window 600] [--throttle 1] [--visits 3] [--top 25]
 *
 * The window starts when the request whose URL contains --after has finished (with --after "", the
 * page's own document) and lasts --window ms. For each visit it prints the main thread's tasks of 1 ms
 * or more in that window: when each starts, how long it runs, and how that splits into script, style,
 * layout, paint and other, by Chromium's timeline events. Over all visits it then prints the functions
 * with the most total and self time in the window, from a CPU profile sampled every 50 µs (the trace
 * and the profile share Chromium's clock). --throttle slows the CPU as DevTools does (4 stands in for
 * a phone); --save PREFIX keeps each visit's trace and profile, for DevTools or a closer look.
 *
 * Each visit also gets its blocking time: Lighthouse's rule (each task's time past its first 50 ms,
 * from the first contentful paint on) applied to the load's own tasks up to the window's end, so under
 * --throttle 4 it is the figure Lighthouse's simulation estimates, measured instead (lib/blocking-time.ts).
 *
 * Tracing and profiling slow the page a little: compare builds with web-compare.ts, not with this.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { blockingTimeMs } from "./lib/blocking-time.ts";
import { CHROMIUM, PLAYWRIGHT_FLAGS } from "./lib/chromium.ts";
import { ADMIN_EMAIL, BENCH_PASSWORD } from "./lib/dataset.ts";
import { BENCH_DATASET_URL } from "./lib/db.ts";
import { GRID_VIEWPORT } from "./lib/grid-render.ts";
import { signIn, startApi } from "./lib/http.ts";
import { median, round } from "./lib/stats.ts";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    page: { type: "string", default: "/wmscontrolpaneladmin/warehouses/1" },
    after: { type: "string", default: "/api/warehouses/1/grid" },
    window: { type: "string", default: "600" },
    throttle: { type: "string", default: "1" },
    visits: { type: "string", default: "3" },
    top: { type: "string", default: "25" },
    save: { type: "string" },
  },
});
const [dist] = positionals;
if (!dist) {
  throw new Error(
    "usage: web-trace.ts DIST [--page P] [--after URL-PART] [--window MS] [--throttle N] [--visits N] [--top N] [--save PREFIX]",
  );
}
const windowUs = Number(options.window) * 1000;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; requestId?: string } };
}

/** Which part of a task an event's own time belongs to, by Chromium's timeline event names. */
const KIND: Record<string, string> = {
  FunctionCall: "script",
  EvaluateScript: "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  "v8.evaluateModule": "script",
  TimerFire: "script",
  EventDispatch: "script",
  FireAnimationFrame: "script",
  RunMicrotasks: "script",
  ParseHTML: "parse",
  UpdateLayoutTree: "style",
  ParseAuthorStyleSheet: "style",
  Layout: "layout",
  PrePaint: "paint",
  Paint: "paint",
  Layerize: "paint",
  Commit: "paint",
};

/** Script, style, layout and paint by Chromium's timeline event names; anything else is "other". */
function kindOf(name: string): string {
  return KIND[name] ?? (/^v8\./i.test(name) ? "script" : "other");
}

/**
 * A task's time per kind: each of its outermost events is charged to its kind, and the time no event
 * covers to "other". `inside` is in start order.
 */
function splitTask(task: TraceEvent, inside: TraceEvent[]): Record<string, number> {
  const split: Record<string, number> = {};
  let coveredUntil = task.ts;
  let covered = 0;
  for (const event of inside) {
    const end = event.ts + (event.dur ?? 0);
    if (event.ts < coveredUntil) {
      continue; // inside an outer event already charged
    }
    const kind = kindOf(event.name);
    split[kind] = (split[kind] ?? 0) + (event.dur ?? 0);
    covered += event.dur ?? 0;
    coveredUntil = end;
  }
  split.other = (split.other ?? 0) + Math.max(0, (task.dur ?? 0) - covered);
  return split;
}

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const selfTime = new Map<string, number>();
const totalTime = new Map<string, number>();
/** Each visit's blocking time from its first contentful paint, in ms. */
const blockingTimes: number[] = [];

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || "(anonymous)"} ${url.split("/").at(-1) ?? ""}:${lineNumber + 1}`;
}

/**
 * The profile's samples within [from, to], each charged to its own function (self time) and once to
 * every function on its stack (total time). A sample lasts until the next one.
 */
function chargeSamples(profile: Profile, from: number, to: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parentOf.set(child, node.id);
    }
  }
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const lasted = profile.timeDeltas[index + 1] ?? 0;
    const node = byId.get(id);
    if (!node || at < from || at > to) {
      return;
    }
    selfTime.set(frameName(node), (selfTime.get(frameName(node)) ?? 0) + lasted);
    const onStack = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const frame = byId.get(current);
      if (frame) {
        onStack.add(frameName(frame));
      }
    }
    for (const name of onStack) {
      totalTime.set(name, (totalTime.get(name) ?? 0) + lasted);
    }
  });
}
const api = await startApi(BENCH_DATASET_URL, dist);
try {
  const cookie = await signIn(api.base, "admin", ADMIN_EMAIL, BENCH_PASSWORD);
  for (let visit = 1; visit <= Number(options.visits); visit++) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: PLAYWRIGHT_FLAGS });
    try {
      const context = await browser.newContext({ viewport: GRID_VIEWPORT });
      const [name, value] = cookie.split("=");
      await context.addCookies([{ name: name ?? "", value: value ?? "", url: api.base }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(options.throttle) });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
      await cdp.send("Profiler.start");
      await browser.startTracing(page, {
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
      });
      await page.goto(`${api.base}${options.page}`, { waitUntil: "load" });
      await page.waitForTimeout(Number(options.window) + 1500);
      const traceText = (await browser.stopTracing()).toString();
      const trace = JSON.parse(traceText) as { traceEvents: TraceEvent[] };
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
      if (options.save) {
        fs.writeFileSync(`${options.save}-${visit}.trace.json`, traceText);
        fs.writeFileSync(`${options.save}-${visit}.cpuprofile`, JSON.stringify(profile));
      }
      const events = trace.traceEvents;
      // The page's renderer: of the main threads in the trace, the one that ran the most.
      const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
      const threads = mains.map((thread) =>
        events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X"),
      );
      const busiest = threads.reduce(
        (best, ran, index) => (ran.length > (threads[best]?.length ?? 0) ? index : best),
        0,
      );
      const main = mains[busiest];
      const onMain = threads[busiest] ?? [];
      // The request names its URL; its finish, by the same request id, is the window's start.
      const request = events.find(
        (e) => e.name === "ResourceSendRequest" && e.args?.data?.url?.includes(options.after ?? ""),
      );
      const anchor = request
        ? events.find(
            (e) => e.name === "ResourceFinish" && e.args?.data?.requestId === request.args?.data?.requestId,
          )
        : undefined;
      if (!anchor || !main) {
        console.log(`visit ${visit}: no ${options.after} response or no main thread in the trace`);
        continue;
      }
      const from = anchor.ts;
      const to = from + windowUs;
      const tasks = onMain
        .filter(
          (e) => e.name === "RunTask" && e.ts + (e.dur ?? 0) >= from && e.ts <= to && (e.dur ?? 0) >= 1000,
        )
        .sort((a, b) => a.ts - b.ts);
      console.log(`\nvisit ${visit}: tasks of 1 ms or more from ${options.after} received (ms)`);
      for (const task of tasks) {
        const end = task.ts + (task.dur ?? 0);
        const inside = onMain
          .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
          .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
        const split = Object.entries(splitTask(task, inside))
          .filter(([, us]) => us >= 500)
          .map(([kind, us]) => `${kind} ${round(us / 1000, 1)}`)
          .join(", ");
        console.log(
          `  at ${round((task.ts - from) / 1000, 1)}: ${round((task.dur ?? 0) / 1000, 1)} (${split})`,
        );
      }
      const firstPaint = events
        .filter((e) => e.name === "firstContentfulPaint" && e.pid === main.pid)
        .sort((a, b) => a.ts - b.ts)[0];
      if (firstPaint) {
        const blocking = blockingTimeMs(
          onMain.filter((e) => e.name === "RunTask"),
          firstPaint.ts,
          to,
        );
        blockingTimes.push(blocking);
        console.log(
          `  first contentful paint at ${round((firstPaint.ts - from) / 1000, 1)}; blocking time from it to the ` +
            `window's end ${round(blocking, 1)}`,
        );
      }
      chargeSamples(profile, from, to);
    } finally {
      await browser.close();
    }
  }
} finally {
  await api.stop();
}
if (blockingTimes.length > 0) {
  console.log(
    `\nblocking time from the first contentful paint (ms): median ${round(median(blockingTimes), 1)} of ` +
      `${blockingTimes.map((value) => round(value, 1)).join(", ")}`,
  );
}
for (const [title, times] of [
  ["total", totalTime],
  ["self", selfTime],
] as const) {
  console.log(`\n${title} time in the window over ${options.visits} visits (ms)`);
  const skipped = /^\((root|idle|program)\)/;
  const top = [...times].filter(([key]) => !skipped.test(key)).sort((a, b) => b[1] - a[1]);
  for (const [key, us] of top.slice(0, Number(options.top))) {
    console.log(`  ${round(us / 1000, 1)}  ${key}`);
  }
}
