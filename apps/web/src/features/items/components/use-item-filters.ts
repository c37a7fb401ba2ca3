import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { ItemFilters } from "../lib/item-filters.ts";
import { itemFiltersToParams, parseItemFilters } from "../lib/item-filters.ts";

/**
 * The item list's filters and page, kept in the URL search params so reload and back keep them.
 * `replace` suits changes made while typing, which should not each add a history entry.
 */
export function useItemFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseItemFilters(params), [params]);
  const setFilters = useCallback(
    (next: ItemFilters, options: { replace?: boolean } = {}) => {
      setParams(itemFiltersToParams(next), { replace: options.replace ?? false });
    },
    [setParams],
  );
  return [filters, setFilters] as const;
}
