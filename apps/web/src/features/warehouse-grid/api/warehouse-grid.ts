import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListWarehousesResponse, WarehouseGridResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * Every grid query lives under this root (live updates refresh it after any stock or warehouse
 * change): the grid itself, a location's items, the search's matches and the layout's warehouses.
 */
export const warehouseGridRootKey = ["warehouse-grid"] as const;

export function warehouseGridQueryKey(warehouseId: number) {
  return [...warehouseGridRootKey, "grid", warehouseId] as const;
}

/** One request per warehouse: its layout and every occupied position's totals (never its items). */
export function fetchWarehouseGrid(
  warehouseId: number,
  signal?: AbortSignal,
): Promise<WarehouseGridResponse> {
  return apiRequest<WarehouseGridResponse>(`/warehouses/${warehouseId}/grid`, signal ? { signal } : {});
}

export function warehouseGridQueryOptions(warehouseId: number) {
  return queryOptions({
    queryKey: warehouseGridQueryKey(warehouseId),
    queryFn: ({ signal }) => fetchWarehouseGrid(warehouseId, signal),
  });
}

export function useWarehouseGrid(warehouseId: number | null) {
  return useQuery({
    ...warehouseGridQueryOptions(warehouseId ?? 0),
    enabled: warehouseId !== null,
  });
}

/** The warehouses the layout chooser offers (the same list Warehouse Management shows). */
export const gridWarehousesQueryKey = [...warehouseGridRootKey, "warehouses"] as const;

export function fetchGridWarehouses(signal?: AbortSignal): Promise<ListWarehousesResponse> {
  return apiRequest<ListWarehousesResponse>("/warehouses", signal ? { signal } : {});
}

export function useGridWarehouses(enabled = true) {
  return useQuery({
    queryKey: gridWarehousesQueryKey,
    queryFn: ({ signal }) => fetchGridWarehouses(signal),
    enabled,
  });
}
