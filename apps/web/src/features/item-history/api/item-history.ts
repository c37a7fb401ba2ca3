import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ItemHistoryEntry, ItemView } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/items/:id/history (the domain has no named type for this answer). */
export interface ItemHistoryResponse {
  item: ItemView;
  /** Newest first, each with the item's total quantity after it. */
  movements: ItemHistoryEntry[];
}

/** Under its own root, which stock writes invalidate (lib/stock-queries.ts). */
export const itemHistoryQueryKey = ["item-history"] as const;

export function fetchItemHistory(itemId: number, signal?: AbortSignal): Promise<ItemHistoryResponse> {
  return apiRequest<ItemHistoryResponse>(`/items/${itemId}/history`, signal ? { signal } : {});
}

export function itemHistoryQueryOptions(itemId: number) {
  return queryOptions({
    queryKey: [...itemHistoryQueryKey, itemId],
    queryFn: ({ signal }) => fetchItemHistory(itemId, signal),
  });
}

export function useItemHistory(itemId: number) {
  return useQuery(itemHistoryQueryOptions(itemId));
}
