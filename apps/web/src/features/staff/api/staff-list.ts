import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListStaffResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

export const staffListQueryKey = ["staff", "list"] as const;

export function fetchStaffList(signal?: AbortSignal): Promise<ListStaffResponse> {
  return apiRequest<ListStaffResponse>("/staff", signal ? { signal } : {});
}

export function staffListQueryOptions() {
  return queryOptions({
    queryKey: staffListQueryKey,
    queryFn: ({ signal }) => fetchStaffList(signal),
  });
}

export function useStaffList() {
  return useQuery(staffListQueryOptions());
}
