import { lostRunsNote } from "./budget-rows.ts";
import { anchorOf, gridRenderTime } from "./grid-render.ts";
import { lighthouseMedian } from "./lighthouse.ts";
import { rendererCpuMedians } from "./renderer-cpu.ts";
import { log } from "./run-config.ts";

/** Lighthouse's score of the sign-in page and, with the administrator's session, the dashboard. */
export async function lighthouseBenchmark(base: string, adminCookie: string, runs: number) {
  const login = await lighthouseMedian(`${base}/wmscontrolpaneladmin/login`, undefined, runs);
  log(`lighthouse login: ${login.score} (runs ${login.scores.join(", ")}${lostRunsNote(login.lostRuns)})`);
  const dashboard = await lighthouseMedian(`${base}/wmscontrolpaneladmin/dashboard`, adminCookie, runs);
  log(
    `lighthouse dashboard: ${dashboard.score} (runs ${dashboard.scores.join(", ")}${lostRunsNote(dashboard.lostRuns)}; ${dashboard.finalUrl})`,
  );
  return { login, dashboard };
}

/** The grid render of the warehouse: the median of `visits` visits, each in a fresh browser. */
export async function gridRenderBenchmark(
  base: string,
  adminCookie: string,
  warehouseId: number,
  visits: number,
) {
  const measured = [];
  for (let visit = 0; visit < visits; visit++) {
    const one = await gridRenderTime(base, adminCookie, [
      `/wmscontrolpaneladmin/warehouses/${warehouseId}`,
      `/wmscontrolpaneladmin/warehouses/${warehouseId}/grid`,
      `/wmscontrolpaneladmin/warehouses?warehouse=${warehouseId}`,
    ]);
    if (one) {
      measured.push(one);
    }
  }
  measured.sort((a, b) => a.inViewMs - b.inViewMs);
  const middle = measured[Math.floor(measured.length / 2)];
  return middle
    ? {
        status: "measured",
        ...middle,
        visitsMs: measured.map((visit) => visit.inViewMs),
        completeVisitsMs: measured.map((visit) => visit.renderMs),
        // When each visit's answer was asked for and arrived (ms after navigation, in the order of
        // visitsMs): the span starts at the answer, so what the page is still doing then counts.
        visitsAnswerMs: measured.map((visit) => [visit.requestStart, visit.responseEnd]),
        // The same first-frame cells as ready HTML in a fresh page, after each visit (web.ts,
        // gridPaintAnchor): the median of the visits' anchors, beside the median of their figures.
        ...anchorOf(measured),
        // The renderer processes' CPU over each visit, user mode and kernel (renderer-cpu.ts).
        renderer: rendererCpuMedians(measured.map((visit) => visit.renderer)),
      }
    : { status: "grid screen not reached" };
}
