import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListAdminsResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

export const adminsListQueryKey = ["admins", "list"] as const;

export function fetchAdminsList(signal?: AbortSignal): Promise<ListAdminsResponse> {
  return apiRequest<ListAdminsResponse>("/admins", signal ? { signal } : {});
}

export function adminsListQueryOptions() {
  return queryOptions({
    queryKey: adminsListQueryKey,
    queryFn: ({ signal }) => fetchAdminsList(signal),
  });
}

export function useAdminsList() {
  return useQuery(adminsListQueryOptions());
}
