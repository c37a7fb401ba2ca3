import type { QueryClient } from "@tanstack/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";

/** The signed-in user; read by the route guards and the page frame. */
export const sessionQueryKey = ["session"] as const;

/**
 * The key of every mutation that ends or replaces this browser's own session (sign-out, changing one's
 * own password): the live-update stream waits for them before it decides what its end means.
 */
export const sessionChangeMutationKey = ["session-change"] as const;

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

/**
 * Forgets the session the server no longer knows: the cached user is cleared (the route guard then
 * sends the user to the matching login page) with everything read under it. True when a user was
 * signed in until now.
 */
export function forgetSession(queryClient: QueryClient): boolean {
  const hadUser = Boolean(queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.user);
  queryClient.setQueryData(sessionQueryKey, { user: null });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  return hadUser;
}
