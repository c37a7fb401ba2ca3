import { AppInfoResponseSchema, CreateFirstAdminRequestSchema, UserResponseSchema } from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { setSessionCookie } from "../../http/session-cookie.ts";
import { completeSetup, isSetupRequired } from "./setup.service.ts";

export function setupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/app-info",
      {
        config: { access: "public" },
        schema: { tags: ["system"], response: { 200: AppInfoResponseSchema } },
      },
      async () => ({
        title: deps.config.appTitle,
        companyName: deps.config.companyName,
        timeZone: deps.config.businessTimeZone,
        setupRequired: await isSetupRequired(deps.db),
      }),
    );

    app.post(
      "/api/setup",
      {
        config: { access: "public" },
        schema: {
          tags: ["system"],
          body: CreateFirstAdminRequestSchema,
          response: { 200: UserResponseSchema },
        },
      },
      async (request, reply) => {
        const { user, token } = await completeSetup(deps, request.body, {
          ipAddress: request.ip,
          userAgent: request.headers["user-agent"],
          requestId: String(request.id),
        });
        setSessionCookie(reply, deps.config, token);
        return { user };
      },
    );
  };
}
