import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardSummary } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

export const dashboardSummaryQueryKey = ["dashboard", "summary"] as const;

export function fetchDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  return apiRequest<DashboardSummary>("/dashboard", signal ? { signal } : {});
}

export function dashboardSummaryQueryOptions() {
  return queryOptions({
    queryKey: dashboardSummaryQueryKey,
    queryFn: ({ signal }) => fetchDashboardSummary(signal),
    // The answer the route loader fetched while the screen's code loaded is not fetched again as
    // the screen mounts; later changes arrive through live updates, which invalidate this key.
    staleTime: 2_000,
  });
}

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
