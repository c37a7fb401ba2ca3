import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CredentialsRequest } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { warehouseGridRootKey } from "./warehouse-grid.ts";

export interface DeleteContainerShelfVariables extends CredentialsRequest {
  warehouseId: number;
  shelf: string;
}

/**
 * Deletes an empty container shelf after the admin's credentials (product-decisions 6). Refused with
 * CONTAINER_SHELF_NOT_EMPTY while it holds items, ADMIN_REAUTH_FAILED for wrong credentials.
 */
export function deleteContainerShelf({
  warehouseId,
  shelf,
  credentials,
}: DeleteContainerShelfVariables): Promise<void> {
  return apiRequest<void>(`/warehouses/${warehouseId}/container-shelves/${encodeURIComponent(shelf)}`, {
    method: "DELETE",
    body: { credentials },
  });
}

export function useDeleteContainerShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContainerShelf,
    // The grids and the warehouse cards (their container shelf counts) both change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: warehouseGridRootKey }),
        queryClient.invalidateQueries({ queryKey: ["warehouses"] }),
        queryClient.invalidateQueries({ queryKey: ["locations"] }),
      ]),
  });
}
