import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ItemInput, ItemView } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { itemsListQueryKey } from "./items-list.ts";

export function createItem(request: ItemInput): Promise<ItemView> {
  return apiRequest<ItemView>("/items", { method: "POST", body: request });
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsListQueryKey }),
  });
}
