import {
  AccountSchema,
  CreateAccountRequestSchema,
  IdParamsSchema,
  ListAdminsResponseSchema,
  ListStaffResponseSchema,
  ResetPasswordRequestSchema,
  STAFF_LIMIT,
} from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { actorOf } from "../../http/request-guard.ts";
import { createAccount, deleteStaff, listAccounts, resetStaffPassword } from "./accounts.service.ts";

export function staffRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: "admin" } as const;

    app.get(
      "/api/staff",
      { config: admin, schema: { tags: ["staff"], response: { 200: ListStaffResponseSchema } } },
      async () => ({ staff: await listAccounts(db, "staff"), limit: STAFF_LIMIT }),
    );

    app.post(
      "/api/staff",
      {
        config: admin,
        schema: { tags: ["staff"], body: CreateAccountRequestSchema, response: { 201: AccountSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await createAccount(db, "staff", request.body, actorOf(request))),
    );

    app.post(
      "/api/staff/:id/password",
      {
        config: admin,
        schema: {
          tags: ["staff"],
          params: IdParamsSchema,
          body: ResetPasswordRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await resetStaffPassword(db, request.params.id, request.body.password, actorOf(request));
        return reply.code(204).send(null);
      },
    );

    app.delete(
      "/api/staff/:id",
      { config: admin, schema: { tags: ["staff"], params: IdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteStaff(db, request.params.id, actorOf(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      "/api/admins",
      { config: admin, schema: { tags: ["staff"], response: { 200: ListAdminsResponseSchema } } },
      async () => ({ admins: await listAccounts(db, "admin") }),
    );

    app.post(
      "/api/admins",
      {
        config: admin,
        schema: { tags: ["staff"], body: CreateAccountRequestSchema, response: { 201: AccountSchema } },
      },
      async (request, reply) =>
        reply.code(201).send(await createAccount(db, "admin", request.body, actorOf(request))),
    );
  };
}
