import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CredentialsRequest } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { warehousesQueryKey } from "./warehouses.ts";

export interface DeleteWarehouseVariables extends CredentialsRequest {
  id: number;
}

/** Refused with WAREHOUSE_HAS_STOCK while the warehouse holds items. */
export function deleteWarehouse({ id, credentials }: DeleteWarehouseVariables): Promise<void> {
  return apiRequest<void>(`/warehouses/${id}`, { method: "DELETE", body: { credentials } });
}

export function useDeleteWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWarehouse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehousesQueryKey }),
  });
}
