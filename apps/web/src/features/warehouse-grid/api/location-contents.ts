import { useQuery } from "@tanstack/react-query";
import type { LocationContentsResponse, WarehouseInventoryResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { warehouseGridRootKey } from "./warehouse-grid.ts";

/** A location's items, loaded when its cell is opened (the grid itself carries only totals). */
export function useLocationContents(locationId: number | null) {
  return useQuery({
    queryKey: [...warehouseGridRootKey, "location", locationId ?? 0] as const,
    queryFn: ({ signal }) =>
      apiRequest<LocationContentsResponse>(`/locations/${locationId}/items`, { signal }),
    enabled: locationId !== null,
  });
}

/** Every item of every position of a warehouse, fetched afresh for its inventory export. */
export function fetchWarehouseInventory(warehouseId: number): Promise<WarehouseInventoryResponse> {
  return apiRequest<WarehouseInventoryResponse>(`/warehouses/${warehouseId}/inventory`);
}
