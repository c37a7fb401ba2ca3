import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ImportProgress } from "@wms/domain";
import { apiRequest, SESSION_END_SHOWN_HERE } from "../../../lib/api-client.ts";

/** How often the progress of a running commit is asked for. */
export const PROGRESS_POLL_MS = 300;

export const importProgressQueryKey = ["imports", "progress"] as const;

export function fetchImportProgress(key: string, signal?: AbortSignal): Promise<ImportProgress> {
  return apiRequest<ImportProgress>(`/imports/progress/${encodeURIComponent(key)}`, signal ? { signal } : {});
}

export function importProgressQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...importProgressQueryKey, key],
    queryFn: ({ signal }) => fetchImportProgress(key, signal),
  });
}

/** The stored progress of the commit sent with this key, asked for every 300 ms while `polling`. */
export function useImportProgress(key: string | null, polling: boolean) {
  return useQuery({
    ...importProgressQueryOptions(key ?? ""),
    enabled: key !== null,
    refetchInterval: polling ? PROGRESS_POLL_MS : false,
    refetchIntervalInBackground: true,
    gcTime: 0,
    // The commit's answer says when the session has ended, in the upload window.
    meta: SESSION_END_SHOWN_HERE,
  });
}
