import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { itemsListQueryKey } from "./items-list.ts";

/** Refused with ITEM_HAS_STOCK (the spec's message) while the item's quantity is not zero. */
export function deleteItem(id: number): Promise<void> {
  return apiRequest<void>(`/items/${id}`, { method: "DELETE" });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsListQueryKey }),
  });
}
