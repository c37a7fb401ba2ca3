import {
  AdminCredentialsSchema,
  ChangePasswordRequestSchema,
  LoginRequestSchema,
  SessionResponseSchema,
  UpdatePreferencesRequestSchema,
  UserResponseSchema,
} from "@wms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { actorOf, requireUser } from "../../http/request-guard.ts";
import { clearSessionCookie, setSessionCookie } from "../../http/session-cookie.ts";
import { verifyAdminCredentials } from "./admin-reauth.ts";
import { changeOwnPassword, signIn, signOut, updatePreferences } from "./auth.service.ts";

function clientMeta(request: FastifyRequest) {
  return {
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"],
    previousTokenHash: request.sessionTokenHash,
  };
}

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/session",
      {
        config: { access: "public" },
        schema: {
          tags: ["auth"],
          summary: "The signed-in user, or null",
          response: { 200: SessionResponseSchema },
        },
      },
      async (request) => ({ user: request.user }),
    );

    app.post(
      "/api/auth/login",
      {
        config: { access: "public" },
        schema: { tags: ["auth"], body: LoginRequestSchema, response: { 200: UserResponseSchema } },
      },
      async (request, reply) => {
        const { user, token } = await signIn(deps, request.body, clientMeta(request), String(request.id));
        setSessionCookie(reply, deps.config, token);
        return { user };
      },
    );

    app.post(
      "/api/auth/logout",
      {
        config: { access: "user", allowedBeforePasswordChange: true },
        schema: { tags: ["auth"], response: { 204: z.null() } },
      },
      async (request, reply) => {
        if (request.sessionTokenHash) {
          await signOut(deps, request.sessionTokenHash, actorOf(request));
        }
        clearSessionCookie(reply, deps.config);
        return reply.code(204).send(null);
      },
    );

    app.post(
      "/api/auth/password",
      {
        config: { access: "user", allowedBeforePasswordChange: true },
        schema: { tags: ["auth"], body: ChangePasswordRequestSchema, response: { 200: UserResponseSchema } },
      },
      async (request, reply) => {
        const current = requireUser(request);
        const { user, token } = await changeOwnPassword(
          deps,
          current.id,
          request.body,
          clientMeta(request),
          actorOf(request),
        );
        setSessionCookie(reply, deps.config, token);
        return { user };
      },
    );

    app.put(
      "/api/auth/preferences",
      {
        config: { access: "user", allowedBeforePasswordChange: true },
        schema: {
          tags: ["auth"],
          body: UpdatePreferencesRequestSchema,
          response: { 200: UserResponseSchema },
        },
      },
      async (request) => ({
        user: await updatePreferences(deps, requireUser(request), request.body, actorOf(request)),
      }),
    );

    app.post(
      "/api/auth/verify-admin",
      {
        config: { access: "admin" },
        schema: {
          tags: ["auth"],
          summary: "Checks re-entered admin credentials before a sensitive form opens",
          body: AdminCredentialsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await verifyAdminCredentials(deps, request.body, request.ip);
        return reply.code(204).send(null);
      },
    );
  };
}
