import {
  IdParamsSchema,
  ItemHistoryEntrySchema,
  ItemInputSchema,
  ItemViewSchema,
  ListItemsQuerySchema,
  ListItemsResponseSchema,
} from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { actorOf, requireUser } from "../../http/request-guard.ts";
import { onEveryChange } from "../events/change-publisher.ts";
import { itemHistory } from "../movements/movements.service.ts";
import { createItem, deleteItem, getItem, listItems, lowStockCount, updateItem } from "./items.service.ts";

const STOCK_ENTITIES = new Set(["stock_movement", "purchase", "import", "item"]);

export function itemsRoutes({ db, events }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const unsubscribe = onEveryChange(events, (event) => {
      if (STOCK_ENTITIES.has(event.entity) || event.action === "resync") {
        lowStockCount.invalidate();
      }
    });
    app.addHook("onClose", async () => unsubscribe());
    const admin = { access: "admin" } as const;
    const tags = ["items"];

    app.get(
      "/api/items",
      {
        config: { access: "user" },
        schema: { tags, querystring: ListItemsQuerySchema, response: { 200: ListItemsResponseSchema } },
      },
      async (request) => listItems(db, request.query),
    );

    app.get(
      "/api/items/:id",
      {
        config: { access: "user" },
        schema: { tags, params: IdParamsSchema, response: { 200: ItemViewSchema } },
      },
      async (request) => getItem(db, request.params.id),
    );

    app.get(
      "/api/items/:id/history",
      {
        config: { access: "user" },
        schema: {
          tags,
          params: IdParamsSchema,
          response: { 200: z.object({ item: ItemViewSchema, movements: z.array(ItemHistoryEntrySchema) }) },
        },
      },
      async (request) => {
        const item = await getItem(db, request.params.id);
        return { item, movements: await itemHistory(db, item.id, requireUser(request)) };
      },
    );

    app.post(
      "/api/items",
      { config: admin, schema: { tags, body: ItemInputSchema, response: { 201: ItemViewSchema } } },
      async (request, reply) => reply.code(201).send(await createItem(db, request.body, actorOf(request))),
    );

    app.put(
      "/api/items/:id",
      {
        config: admin,
        schema: { tags, params: IdParamsSchema, body: ItemInputSchema, response: { 200: ItemViewSchema } },
      },
      async (request) => updateItem(db, request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      "/api/items/:id",
      { config: admin, schema: { tags, params: IdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteItem(db, request.params.id, actorOf(request));
        return reply.code(204).send(null);
      },
    );
  };
}
