import { growCatalogue, SEARCH_TERMS } from "./dataset.ts";
import { type RunningApi, timeGets } from "./http.ts";
import { log, type RunConfig } from "./run-config.ts";
import { round, summary } from "./stats.ts";

/** GET of the warehouse's grid, `runs` times after an untimed one, one after another. */
export async function gridApiBenchmark(
  api: RunningApi,
  adminCookie: string,
  warehouseId: number,
  runs: number,
) {
  const gridPath = `/api/warehouses/${warehouseId}/grid`;
  const grid = await timeGets(api.base, adminCookie, Array(runs + 1).fill(gridPath));
  const positions = (
    (await (await fetch(`${api.base}${gridPath}`, { headers: { cookie: adminCookie } })).json()) as {
      positions: unknown[];
    }
  ).positions.length;
  const result = { path: gridPath, ms: summary(grid.times.slice(1)), bytes: grid.lastBytes, positions };
  log(`grid API: p50 ${result.ms.p50} ms, ${positions} positions, ${round(grid.lastBytes / 1024)} KB`);
  return result;
}

/**
 * Search as you type: the catalogue grown to `config.searchItems` items, then each term's request in
 * turn, `config.searchRounds` times, as one person types (after ten untimed requests).
 */
export async function searchBenchmark(
  api: RunningApi,
  url: string,
  adminCookie: string,
  config: Pick<RunConfig, "searchItems" | "searchRounds">,
) {
  log(`search: growing the catalogue to ${config.searchItems} items`);
  const growMs = await growCatalogue(url, config.searchItems);
  const searchPaths: string[] = [];
  for (let round_ = 0; round_ < config.searchRounds; round_++) {
    for (const term of SEARCH_TERMS) {
      searchPaths.push(`/api/items?search=${encodeURIComponent(term)}&page=1`);
    }
  }
  await timeGets(api.base, adminCookie, searchPaths.slice(0, 10));
  const search = await timeGets(api.base, adminCookie, searchPaths);
  const perTerm: Record<string, number> = {};
  search.times.forEach((t, i) => {
    const term = SEARCH_TERMS[i % SEARCH_TERMS.length] ?? "";
    perTerm[term] = Math.max(perTerm[term] ?? 0, round(t));
  });
  const result = {
    items: config.searchItems,
    growMs,
    requests: search.times.length,
    ms: summary(search.times),
    worstByTerm: perTerm,
  };
  log(`search: p95 ${result.ms.p95} ms over ${search.times.length} requests`);
  return result;
}
