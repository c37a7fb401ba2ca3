import { queryOptions, useQuery } from "@tanstack/react-query";
import { type AppInfo, DEFAULT_PRODUCT_TITLE, DEFAULT_TIME_ZONE } from "@wms/domain";
import { apiRequest } from "./api-client.ts";

export const appInfoQueryKey = ["app-info"] as const;

export function fetchAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  return apiRequest<AppInfo>("/app-info", signal ? { signal } : {});
}

export function appInfoQueryOptions() {
  return queryOptions({
    queryKey: appInfoQueryKey,
    queryFn: ({ signal }) => fetchAppInfo(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAppInfo() {
  return useQuery(appInfoQueryOptions());
}

/** The product title, with the default while app-info loads or fails. */
export function useProductTitle(): string {
  const { data } = useAppInfo();
  return data?.title || DEFAULT_PRODUCT_TITLE;
}

/** The business time zone (Asia/Dubai unless configured): dates are shown in it, not the browser's. */
export function useBusinessTimeZone(): string {
  const { data } = useAppInfo();
  return data?.timeZone ?? DEFAULT_TIME_ZONE;
}
