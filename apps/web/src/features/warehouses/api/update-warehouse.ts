import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateWarehouseRequest, WarehouseSummary } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { warehousesQueryKey } from "./warehouses.ts";

export interface UpdateWarehouseVariables extends UpdateWarehouseRequest {
  id: number;
}

/** The admin credentials travel with the change and are checked by the server (product-decisions 6). */
export function updateWarehouse({
  id,
  credentials,
  warehouse,
}: UpdateWarehouseVariables): Promise<WarehouseSummary> {
  return apiRequest<WarehouseSummary>(`/warehouses/${id}`, {
    method: "PUT",
    body: { credentials, warehouse },
  });
}

export function useUpdateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWarehouse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehousesQueryKey }),
  });
}
