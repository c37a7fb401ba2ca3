import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListItemsResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import type { ItemFilters } from "../lib/item-filters.ts";
import { itemsQueryString } from "../lib/item-filters.ts";

/** Every item list (any filters, any page) lives under this key; writes invalidate all of them. */
export const itemsListQueryKey = ["items", "list"] as const;

export function fetchItemsList(filters: ItemFilters, signal?: AbortSignal): Promise<ListItemsResponse> {
  return apiRequest<ListItemsResponse>(`/items${itemsQueryString(filters)}`, signal ? { signal } : {});
}

export function itemsListQueryOptions(filters: ItemFilters) {
  return queryOptions({
    queryKey: [...itemsListQueryKey, filters],
    queryFn: ({ signal }) => fetchItemsList(filters, signal),
    // Paging and filtering keep the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useItemsList(filters: ItemFilters) {
  return useQuery(itemsListQueryOptions(filters));
}
