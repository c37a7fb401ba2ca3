import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreatePurchaseRequest, PurchaseView } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "../../../lib/idempotency.ts";
import { invalidateStockQueries } from "../../../lib/stock-queries.ts";

export interface CreatePurchaseVariables {
  request: CreatePurchaseRequest;
  /** The same key for a retried submission, so the purchase is recorded once. */
  idempotencyKey: string;
}

/**
 * One transaction: each allocation becomes a received movement at noon of the date. Refused with
 * PURCHASE_DUPLICATE when the supplier's invoice was already recorded.
 */
export function createPurchase({ request, idempotencyKey }: CreatePurchaseVariables): Promise<PurchaseView> {
  return apiRequest<PurchaseView>("/purchases", {
    method: "POST",
    body: request,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchase,
    onSuccess: () => invalidateStockQueries(queryClient),
  });
}
