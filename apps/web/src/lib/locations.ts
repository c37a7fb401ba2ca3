import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SearchLocationsResponse } from "@wms/domain";
import { apiRequest } from "./api-client.ts";

export const locationsQueryKey = ["locations"] as const;

/** What the location picker asks for: a code search, optionally what each holds of one item. */
export interface LocationSearch {
  search: string;
  itemId: number | null;
  warehouseId?: number | null;
  /** Only positions holding the item (sources of outgoing movements). */
  stockedOnly: boolean;
}

export function locationsQueryString(query: LocationSearch): string {
  const params = new URLSearchParams();
  const search = query.search.trim();
  if (search !== "") {
    params.set("search", search);
  }
  if (query.itemId) {
    params.set("itemId", String(query.itemId));
  }
  if (query.warehouseId) {
    params.set("warehouseId", String(query.warehouseId));
  }
  if (query.stockedOnly) {
    params.set("stockedOnly", "true");
  }
  return params.size === 0 ? "" : `?${params.toString()}`;
}

export function fetchLocations(
  query: LocationSearch,
  signal?: AbortSignal,
): Promise<SearchLocationsResponse> {
  return apiRequest<SearchLocationsResponse>(
    `/locations${locationsQueryString(query)}`,
    signal ? { signal } : {},
  );
}

export function locationsQueryOptions(query: LocationSearch) {
  return queryOptions({
    queryKey: [...locationsQueryKey, query],
    queryFn: ({ signal }) => fetchLocations(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLocations(query: LocationSearch, enabled = true) {
  return useQuery({ ...locationsQueryOptions(query), enabled });
}
