import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ItemInput, ItemView } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { itemsListQueryKey } from "./items-list.ts";

export interface UpdateItemVariables {
  id: number;
  item: ItemInput;
}

export function updateItem({ id, item }: UpdateItemVariables): Promise<ItemView> {
  return apiRequest<ItemView>(`/items/${id}`, { method: "PUT", body: item });
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsListQueryKey }),
  });
}
