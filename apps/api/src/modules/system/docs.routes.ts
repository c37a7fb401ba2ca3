import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The OpenAPI document of every route, generated from the same zod schemas that validate them. */
export function docsRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/api/docs", { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
  };
}
