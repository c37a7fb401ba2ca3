import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListItemsResponse } from "@wms/domain";
import { apiRequest } from "./api-client.ts";

/**
 * The item pickers of the movement, purchase and storage-location forms: the first page of
 * GET /api/items for a search. Under the "items" root, so item and stock writes refresh it.
 */
export const itemOptionsQueryKey = ["items", "options"] as const;

export function fetchItemOptions(search: string, signal?: AbortSignal): Promise<ListItemsResponse> {
  const trimmed = search.trim();
  const query = trimmed === "" ? "" : `?${new URLSearchParams({ search: trimmed }).toString()}`;
  return apiRequest<ListItemsResponse>(`/items${query}`, signal ? { signal } : {});
}

export function itemOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...itemOptionsQueryKey, search.trim()],
    queryFn: ({ signal }) => fetchItemOptions(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useItemOptions(search: string) {
  return useQuery(itemOptionsQueryOptions(search));
}
