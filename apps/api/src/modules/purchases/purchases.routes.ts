import { CreatePurchaseRequestSchema, PurchaseViewSchema } from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { idempotencyClaimOf } from "../../http/idempotency.ts";
import { actorOf, requireUser } from "../../http/request-guard.ts";
import { createPurchase } from "./purchases.service.ts";

export function purchasesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/purchases",
      {
        config: { access: "admin" },
        schema: {
          tags: ["purchases"],
          summary: "Records a purchase; send an Idempotency-Key header to make retries safe",
          body: CreatePurchaseRequestSchema,
          response: { 201: PurchaseViewSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const purchase = await createPurchase(
          deps,
          request.body,
          user,
          actorOf(request),
          idempotencyClaimOf(request, user.id),
        );
        return reply.code(201).send(purchase);
      },
    );
  };
}
