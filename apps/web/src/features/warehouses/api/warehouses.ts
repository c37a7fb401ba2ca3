import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListWarehousesResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

export const warehousesQueryKey = ["warehouses", "list"] as const;

export function fetchWarehouses(signal?: AbortSignal): Promise<ListWarehousesResponse> {
  return apiRequest<ListWarehousesResponse>("/warehouses", signal ? { signal } : {});
}

export function warehousesQueryOptions() {
  return queryOptions({
    queryKey: warehousesQueryKey,
    queryFn: ({ signal }) => fetchWarehouses(signal),
  });
}

export function useWarehouses() {
  return useQuery(warehousesQueryOptions());
}
