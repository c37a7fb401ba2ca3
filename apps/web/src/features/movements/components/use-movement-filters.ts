import { todayIn } from "@wms/domain";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useBusinessTimeZone } from "../../../lib/app-info.ts";
import type { MovementFilters } from "../lib/movement-filters.ts";
import { movementFiltersToParams, parseMovementFilters } from "../lib/movement-filters.ts";

/**
 * The movement list's filters, kept in the URL search params. "Today" is the business time zone's, so
 * the default period is the same for everyone whatever their device's clock zone.
 */
export function useMovementFilters() {
  const timeZone = useBusinessTimeZone();
  const today = todayIn(timeZone);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseMovementFilters(params, today), [params, today]);
  const setFilters = useCallback(
    (next: MovementFilters, options: { replace?: boolean } = {}) => {
      setParams(movementFiltersToParams(next, today), { replace: options.replace ?? false });
    },
    [setParams, today],
  );
  return { filters, setFilters, today };
}
