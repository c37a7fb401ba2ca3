import {
  CreateMovementRequestSchema,
  IdParamsSchema,
  LatestMovementResponseSchema,
  ListMovementsQuerySchema,
  ListMovementsResponseSchema,
  MovementViewSchema,
  UpdateMovementReasonRequestSchema,
} from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { idempotencyClaimOf } from "../../http/idempotency.ts";
import { actorOf, requireUser } from "../../http/request-guard.ts";
import { latestMovementRows } from "./movements.repository.ts";
import {
  changeMovementReason,
  deleteMovement,
  getMovement,
  listMovements,
  recordMovement,
  toMovementView,
} from "./movements.service.ts";

/** Movements: staff may record every type and manage their own (product-decisions 2). */
export function movementsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const signedIn = { access: "user" } as const;
    const tags = ["movements"];

    app.get(
      "/api/movements",
      {
        config: signedIn,
        schema: {
          tags,
          querystring: ListMovementsQuerySchema,
          response: { 200: ListMovementsResponseSchema },
        },
      },
      async (request) => listMovements(deps, request.query, requireUser(request)),
    );

    app.get(
      "/api/movements/latest",
      { config: signedIn, schema: { tags, response: { 200: LatestMovementResponseSchema } } },
      async (request) => {
        const [row] = await latestMovementRows(db, 1);
        return { movement: row ? toMovementView(row, requireUser(request)) : null };
      },
    );

    app.get(
      "/api/movements/:id",
      { config: signedIn, schema: { tags, params: IdParamsSchema, response: { 200: MovementViewSchema } } },
      async (request) => getMovement(db, request.params.id, requireUser(request)),
    );

    app.post(
      "/api/movements",
      {
        config: signedIn,
        schema: {
          tags,
          summary: "Records a movement; send an Idempotency-Key header to make retries safe",
          body: CreateMovementRequestSchema,
          response: { 201: MovementViewSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const movement = await recordMovement(
          deps,
          request.body,
          user,
          actorOf(request),
          idempotencyClaimOf(request, user.id),
        );
        return reply.code(201).send(movement);
      },
    );

    app.patch(
      "/api/movements/:id",
      {
        config: signedIn,
        schema: {
          tags,
          params: IdParamsSchema,
          body: UpdateMovementReasonRequestSchema,
          response: { 200: MovementViewSchema },
        },
      },
      async (request) =>
        changeMovementReason(
          deps,
          request.params.id,
          request.body.reason,
          requireUser(request),
          actorOf(request),
        ),
    );

    app.delete(
      "/api/movements/:id",
      { config: signedIn, schema: { tags, params: IdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteMovement(deps, request.params.id, requireUser(request), actorOf(request));
        return reply.code(204).send(null);
      },
    );
  };
}
