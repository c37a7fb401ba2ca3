import { HealthResponseSchema } from "@wms/domain";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";

export function healthRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/health",
      {
        config: { access: "public" },
        schema: { tags: ["system"], response: { 200: HealthResponseSchema, 503: HealthResponseSchema } },
      },
      async (_request, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { status: "ok", database: "up" } as const;
        } catch {
          return reply.code(503).send({ status: "degraded", database: "down" });
        }
      },
    );
  };
}
