import {
  IdParamsSchema,
  LocationContentsResponseSchema,
  MatchingPositionsQuerySchema,
  MatchingPositionsResponseSchema,
  MESSAGES,
  WarehouseGridResponseSchema,
  WarehouseInventoryResponseSchema,
} from "@wms/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { AppError } from "../../http/app-error.ts";
import {
  gridPositionsJson,
  inventoryPositionsJson,
  locationContents,
  matchingLocationIds,
} from "./warehouse-grid.repository.ts";
import { getWarehouseSummary } from "./warehouses.service.ts";

/** Sends `{"warehouse": …, "positions": <JSON text PostgreSQL built>}` without parsing it in Node. */
function sendWithPositions(reply: FastifyReply, warehouse: unknown, positionsJson: string) {
  return reply
    .type("application/json; charset=utf-8")
    .send(`{"warehouse":${JSON.stringify(warehouse)},"positions":${positionsJson}}`);
}

/**
 * The warehouse layout grid: one light request draws the whole grid (cell totals only); a location's
 * items load when it is opened, the search's matches and a movement's possible sources are computed
 * here, and the inventory export has its own request with every item.
 */
export function warehouseGridRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { access: "user" } as const;
    const tags = ["warehouses"];

    app.get(
      "/api/warehouses/:id/grid",
      {
        config: user,
        schema: { tags, params: IdParamsSchema, response: { 200: WarehouseGridResponseSchema } },
      },
      async (request, reply) => {
        // Both queries at once: an unknown warehouse has no positions, and its summary answers 404.
        const [warehouse, positions] = await Promise.all([
          getWarehouseSummary(db, request.params.id),
          gridPositionsJson(db, request.params.id),
        ]);
        // The schema above documents the answer; the positions' JSON comes from PostgreSQL ready-made
        // (a string payload is sent as is), which keeps a 10,000-position grid fast.
        return sendWithPositions(reply, warehouse, positions);
      },
    );

    app.get(
      "/api/warehouses/:id/inventory",
      {
        config: user,
        schema: { tags, params: IdParamsSchema, response: { 200: WarehouseInventoryResponseSchema } },
      },
      async (request, reply) => {
        const warehouse = await getWarehouseSummary(db, request.params.id);
        return sendWithPositions(reply, warehouse, await inventoryPositionsJson(db, warehouse.id));
      },
    );

    app.get(
      "/api/warehouses/:id/matching-positions",
      {
        config: user,
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: MatchingPositionsQuerySchema,
          response: { 200: MatchingPositionsResponseSchema },
        },
      },
      async (request) => {
        const warehouse = await getWarehouseSummary(db, request.params.id);
        const { q, itemId } = request.query;
        const match = itemId === undefined ? { search: q ?? "" } : { itemId };
        return { locationIds: await matchingLocationIds(db, warehouse.id, match) };
      },
    );

    app.get(
      "/api/locations/:id/items",
      {
        config: user,
        schema: {
          tags: ["locations"],
          params: IdParamsSchema,
          response: { 200: LocationContentsResponseSchema },
        },
      },
      async (request) => {
        const contents = await locationContents(db, request.params.id);
        if (!contents) {
          throw new AppError("NOT_FOUND", MESSAGES.locationNotFound);
        }
        return contents;
      },
    );
  };
}
