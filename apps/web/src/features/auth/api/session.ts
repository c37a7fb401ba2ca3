import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

/** The signed-in user; read by the route guards and the page frame. */
export const sessionQueryKey = ["session"] as const;

export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest<SessionResponse>("/session", signal ? { signal } : {});
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 60_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
