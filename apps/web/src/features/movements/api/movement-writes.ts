import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateMovementRequest, MovementView, UpdateMovementReasonRequest } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "../../../lib/idempotency.ts";
import { invalidateStockQueries } from "../../../lib/stock-queries.ts";
import { movementsQueryKey } from "./movements.ts";

export interface CreateMovementVariables {
  request: CreateMovementRequest;
  /** The same key for a retried submission, so it is recorded once. */
  idempotencyKey: string;
}

/** Refused with INSUFFICIENT_STOCK ('Not enough items in source location. Available: N'). */
export function createMovement({ request, idempotencyKey }: CreateMovementVariables): Promise<MovementView> {
  return apiRequest<MovementView>("/movements", {
    method: "POST",
    body: request,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useCreateMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMovement,
    onSuccess: () => invalidateStockQueries(queryClient),
  });
}

export interface UpdateMovementReasonVariables {
  id: number;
  request: UpdateMovementReasonRequest;
}

export function updateMovementReason({ id, request }: UpdateMovementReasonVariables): Promise<MovementView> {
  return apiRequest<MovementView>(`/movements/${id}`, { method: "PATCH", body: request });
}

export function useUpdateMovementReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMovementReason,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: movementsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ["item-history"] }),
        queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
      ]),
  });
}

/**
 * Reverses the movement and removes it. Refused with MOVEMENT_TOO_OLD (after 10 minutes),
 * REVERSAL_WOULD_GO_NEGATIVE or MOVEMENT_NOT_REVERSIBLE, each with the message to show.
 */
export function deleteMovement(id: number): Promise<void> {
  return apiRequest<void>(`/movements/${id}`, { method: "DELETE" });
}

export function useDeleteMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMovement,
    onSuccess: () => invalidateStockQueries(queryClient),
  });
}
