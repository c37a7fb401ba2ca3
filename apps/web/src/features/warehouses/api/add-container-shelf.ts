import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddContainerShelfRequest, WarehouseSummary } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { warehousesQueryKey } from "./warehouses.ts";

export interface AddContainerShelfVariables extends AddContainerShelfRequest {
  warehouseId: number;
}

/** The server upper-cases the name and refuses duplicates and grid shelf labels. */
export function addContainerShelf({
  warehouseId,
  name,
}: AddContainerShelfVariables): Promise<WarehouseSummary> {
  return apiRequest<WarehouseSummary>(`/warehouses/${warehouseId}/container-shelves`, {
    method: "POST",
    body: { name },
  });
}

export function useAddContainerShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContainerShelf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehousesQueryKey }),
  });
}
