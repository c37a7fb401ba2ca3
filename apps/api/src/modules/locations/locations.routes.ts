import {
  ListPeopleResponseSchema,
  SearchLocationsQuerySchema,
  SearchLocationsResponseSchema,
} from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { listLiveUsers } from "../users/users.repository.ts";
import { searchLocationOptions } from "./locations.repository.ts";

/** What the movement and purchase forms pick from: positions and the people who handle stock. */
export function locationsRoutes({ db }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/locations",
      {
        config: { access: "user" },
        schema: {
          tags: ["locations"],
          querystring: SearchLocationsQuerySchema,
          response: { 200: SearchLocationsResponseSchema },
        },
      },
      async (request) => ({ locations: await searchLocationOptions(db, request.query) }),
    );

    app.get(
      "/api/people",
      {
        config: { access: "user" },
        schema: { tags: ["locations"], response: { 200: ListPeopleResponseSchema } },
      },
      async () => {
        const [staff, admins] = await Promise.all([listLiveUsers(db, "staff"), listLiveUsers(db, "admin")]);
        return {
          people: [...staff, ...admins].map((user) => ({ id: user.id, name: user.name, role: user.role })),
        };
      },
    );
  };
}
