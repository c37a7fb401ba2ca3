import { DashboardSummarySchema } from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { requireUser } from "../../http/request-guard.ts";
import { dashboardSummary } from "./dashboard.service.ts";

export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/dashboard",
      {
        config: { access: "user" },
        schema: { tags: ["dashboard"], response: { 200: DashboardSummarySchema } },
      },
      async (request) => dashboardSummary(deps, requireUser(request)),
    );
  };
}
