import {
  AddContainerShelfRequestSchema,
  ContainerShelfParamsSchema,
  CreateWarehouseRequestSchema,
  CredentialsRequestSchema,
  IdParamsSchema,
  ListWarehousesResponseSchema,
  UpdateWarehouseRequestSchema,
  WarehouseSummarySchema,
} from "@wms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { actorOf } from "../../http/request-guard.ts";
import { listWarehouseSummaries } from "./warehouses.repository.ts";
import {
  addContainerShelf,
  createWarehouse,
  deleteContainerShelf,
  deleteWarehouse,
  getWarehouseSummary,
  updateWarehouse,
} from "./warehouses.service.ts";

function sensitiveActor(request: FastifyRequest) {
  return { ...actorOf(request), ipAddress: request.ip };
}

export function warehousesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    const admin = { access: "admin" } as const;
    const tags = ["warehouses"];

    app.get(
      "/api/warehouses",
      { config: { access: "user" }, schema: { tags, response: { 200: ListWarehousesResponseSchema } } },
      async () => ({ warehouses: await listWarehouseSummaries(db) }),
    );

    app.get(
      "/api/warehouses/:id",
      {
        config: { access: "user" },
        schema: { tags, params: IdParamsSchema, response: { 200: WarehouseSummarySchema } },
      },
      async (request) => getWarehouseSummary(db, request.params.id),
    );

    app.post(
      "/api/warehouses",
      {
        config: admin,
        schema: { tags, body: CreateWarehouseRequestSchema, response: { 201: WarehouseSummarySchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await createWarehouse(db, request.body, actorOf(request))),
    );

    app.put(
      "/api/warehouses/:id",
      {
        config: admin,
        schema: {
          tags,
          params: IdParamsSchema,
          body: UpdateWarehouseRequestSchema,
          response: { 200: WarehouseSummarySchema },
        },
      },
      async (request) =>
        updateWarehouse(
          deps,
          request.params.id,
          request.body.credentials,
          request.body.warehouse,
          sensitiveActor(request),
        ),
    );

    app.delete(
      "/api/warehouses/:id",
      {
        config: admin,
        schema: { tags, params: IdParamsSchema, body: CredentialsRequestSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteWarehouse(deps, request.params.id, request.body.credentials, sensitiveActor(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      "/api/warehouses/:id/container-shelves",
      {
        config: admin,
        schema: {
          tags,
          params: IdParamsSchema,
          body: AddContainerShelfRequestSchema,
          response: { 201: WarehouseSummarySchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await addContainerShelf(db, request.params.id, request.body.name, actorOf(request))),
    );

    app.delete(
      "/api/warehouses/:id/container-shelves/:name",
      {
        config: admin,
        schema: {
          tags,
          params: ContainerShelfParamsSchema,
          body: CredentialsRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { id, name } = request.params;
        await deleteContainerShelf(deps, id, name, request.body.credentials, sensitiveActor(request));
        return reply.code(204).send(null);
      },
    );
  };
}
