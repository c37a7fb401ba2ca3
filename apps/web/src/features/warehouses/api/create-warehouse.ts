import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateWarehouseRequest, WarehouseSummary } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { warehousesQueryKey } from "./warehouses.ts";

export function createWarehouse(request: CreateWarehouseRequest): Promise<WarehouseSummary> {
  return apiRequest<WarehouseSummary>("/warehouses", { method: "POST", body: request });
}

export function useCreateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWarehouse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehousesQueryKey }),
  });
}
