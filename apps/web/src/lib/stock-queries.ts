import type { QueryClient } from "@tanstack/react-query";

/**
 * Query key roots whose data a stock write (movement, purchase, deletion) changes: lists of movements,
 * items (totals and locations), item histories, location quantities, dashboards and warehouse grids.
 * Features cannot import one another's keys, so the shared roots live here.
 */
export const STOCK_QUERY_ROOTS = [
  ["movements"],
  ["items"],
  ["item-history"],
  ["warehouse-grid"],
  ["locations"],
  ["dashboard"],
  ["warehouses"],
] as const;

export function invalidateStockQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(STOCK_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
