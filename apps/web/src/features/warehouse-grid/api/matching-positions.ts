import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import type { MatchingPositionsResponse } from "@wms/domain";
import { useMemo } from "react";
import { apiRequest } from "../../../lib/api-client.ts";
import type { GridSearchResult } from "../lib/grid-model.ts";
import { warehouseGridRootKey } from "./warehouse-grid.ts";

/** Positions holding an item whose number or name contains `search`, or holding item `itemId`. */
export type PositionMatch = { search: string } | { itemId: number };

export interface MatchedPositions {
  warehouseId: number;
  /** What was matched, so a result is never shown under a newer search's heading. */
  match: PositionMatch;
  locationIds: ReadonlySet<number>;
}

function queryString(match: PositionMatch): string {
  const params = new URLSearchParams(
    "itemId" in match ? { itemId: String(match.itemId) } : { q: match.search },
  );
  return `?${params.toString()}`;
}

/**
 * The server's answer to which positions of a warehouse match (null: nothing asked).
 */
export function useMatchingPositions(warehouseId: number | null, match: PositionMatch | null) {
  return useQuery({
    queryKey: [...warehouseGridRootKey, "matches", warehouseId ?? 0, match] as const,
    queryFn: async ({ signal }): Promise<MatchedPositions> => {
      const { locationIds } = await apiRequest<MatchingPositionsResponse>(
        `/warehouses/${warehouseId}/matching-positions${match ? queryString(match) : ""}`,
        { signal },
      );
      return {
        warehouseId: warehouseId ?? 0,
        match: match ?? { search: "" },
        locationIds: new Set(locationIds),
      };
    },
    enabled: warehouseId !== null && match !== null,
    // A search typed on keeps the last answer in the same warehouse; nothing else is carried over.
    placeholderData: (previous) =>
      previous?.warehouseId === warehouseId && "search" in previous.match ? previous : undefined,
  });
}

/** How long typing pauses before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The layout's search: the typed text, debounced, asked of the server; the answer comes with the term
 * it belongs to (while a newer search runs, the previous answer and its term stay on screen).
 */
export function useGridSearch(warehouseId: number, text: string) {
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const term = text.trim() === "" ? "" : debounced;
  const matches = useMatchingPositions(warehouseId, term === "" ? null : { search: term });
  const answer = term === "" ? undefined : matches.data;
  // The same object until the answer changes, so the grid's cells are not worked out again meanwhile.
  const result = useMemo<GridSearchResult | null>(
    () =>
      answer && "search" in answer.match
        ? { term: answer.match.search, locationIds: answer.locationIds }
        : null,
    [answer],
  );
  return { result, error: term !== "" && matches.isError ? matches.error : null, retry: matches.refetch };
}
