import { REPORT_TYPES } from "@wms/domain";
import type { LoadedDataset } from "./dataset.ts";
import { query, timeQuery } from "./db.ts";
import { type RunningApi, timeGets } from "./http.ts";
import { log } from "./run-config.ts";
import { median, round, summary } from "./stats.ts";

function monthBounds(end: Date) {
  // The last complete calendar month before `end`, and the 12 complete months ending with it.
  const y = end.getUTCFullYear();
  const m = end.getUTCMonth(); // current month (0-based); the last full one is m - 1
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const monthStart = new Date(Date.UTC(y, m - 1, 1));
  const monthEnd = new Date(Date.UTC(y, m, 0));
  const yearStart = new Date(Date.UTC(y, m - 12, 1));
  return {
    month: { start: iso(monthStart), end: iso(monthEnd), label: iso(monthStart).slice(0, 7) },
    year: { start: iso(yearStart), end: iso(monthEnd) },
  };
}

/**
 * Each report over the last full month and the year to it, timed through the API (the median of
 * `runs` after one untimed), beside its anchor: a plain aggregate over the same ledger rows.
 */
export async function reportsBenchmark(
  api: RunningApi,
  url: string,
  adminCookie: string,
  dataset: LoadedDataset,
  runs: number,
) {
  const bounds = monthBounds(dataset.historyEnd);
  const [busy] = await query<{ item_id: number }>(
    url,
    "select item_id from stock_movements group by 1 order by count(*) desc limit 1",
  );
  const itemId = busy?.item_id ?? 1;
  const anchorSql = `select item_id, sum(quantity) from stock_movements
    where deleted_at is null and occurred_at >= $1::date and occurred_at < $2::date + 1 group by 1`;
  const out: Array<Record<string, unknown>> = [];
  for (const period of ["month", "year"] as const) {
    const { start, end } = bounds[period];
    const anchorTimes = await timeQuery(url, anchorSql, [start, end], runs);
    const anchorMs = round(median(anchorTimes));
    const [rows] = await query<{ n: number }>(
      url,
      "select count(*)::int as n from stock_movements where deleted_at is null and occurred_at >= $1::date and occurred_at < $2::date + 1",
      [start, end],
    );
    for (const type of REPORT_TYPES) {
      if (type === "single-item-summary" && period === "year") {
        out.push({ type, period, start, end, skipped: "the report covers one month (its month= parameter)" });
        continue;
      }
      const qs =
        type === "single-item-summary"
          ? `itemId=${itemId}&month=${bounds.month.label}`
          : `start=${start}&end=${end}`;
      const pathQs = `/api/reports/${type}?${qs}`;
      const { times, lastBytes } = await timeGets(api.base, adminCookie, [
        pathQs,
        ...Array(runs).fill(pathQs),
      ]);
      const measured = times.slice(1);
      out.push({
        type,
        period,
        start,
        end,
        path: pathQs,
        ledgerRows: rows?.n ?? null,
        ms: summary(measured),
        medianMs: round(median(measured)),
        bytes: lastBytes,
        anchorMs,
        ratio: round(median(measured) / anchorMs, 1),
      });
      log(`report ${type} ${period}: ${round(median(measured))} ms (anchor ${anchorMs} ms)`);
    }
  }
  return { bounds, itemId, anchorSql, runs: out };
}
