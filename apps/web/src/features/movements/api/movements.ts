import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListMovementsResponse, MovementView } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import type { MovementFilters } from "../lib/movement-filters.ts";
import { movementsQueryString } from "../lib/movement-filters.ts";

/** Every movement query lives under this root; stock writes invalidate all of them. */
export const movementsQueryKey = ["movements"] as const;
export const movementsListQueryKey = [...movementsQueryKey, "list"] as const;
export const latestMovementQueryKey = [...movementsQueryKey, "latest"] as const;

/**
 * One movement asked for its delete window. Outside the movements root on purpose: the deletion's own
 * invalidation (and live updates) must not ask again for the movement being deleted.
 */
export function deleteWindowQueryKey(id: number) {
  return ["movement-delete-window", id] as const;
}

export function fetchMovements(
  filters: MovementFilters,
  signal?: AbortSignal,
): Promise<ListMovementsResponse> {
  return apiRequest<ListMovementsResponse>(
    `/movements${movementsQueryString(filters)}`,
    signal ? { signal } : {},
  );
}

export function movementsListQueryOptions(filters: MovementFilters) {
  return queryOptions({
    queryKey: [...movementsListQueryKey, filters],
    queryFn: ({ signal }) => fetchMovements(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMovementsList(filters: MovementFilters) {
  return useQuery(movementsListQueryOptions(filters));
}

export function fetchLatestMovement(signal?: AbortSignal): Promise<{ movement: MovementView | null }> {
  return apiRequest<{ movement: MovementView | null }>("/movements/latest", signal ? { signal } : {});
}

export function latestMovementQueryOptions() {
  return queryOptions({
    queryKey: latestMovementQueryKey,
    queryFn: ({ signal }) => fetchLatestMovement(signal),
  });
}

/** The Last Movement modal asks only while it is open. */
export function useLatestMovement(enabled: boolean) {
  return useQuery({ ...latestMovementQueryOptions(), enabled });
}

/** One movement as the server sees it now (its deleteMinutesLeft counted at the answer). */
export function fetchMovement(id: number, signal?: AbortSignal): Promise<MovementView> {
  return apiRequest<MovementView>(`/movements/${id}`, signal ? { signal } : {});
}

/**
 * The movement a delete dialog is about, asked afresh each time the dialog opens: the list's copy
 * may be minutes old, and its time left to delete with it.
 */
export function useDeleteWindow(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: deleteWindowQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchMovement(id ?? 0, signal),
    enabled: enabled && id !== null,
    staleTime: 0,
    refetchOnMount: "always",
    retry: false,
  });
}
