import { DashboardSummarySchema, RECENT_MOVEMENTS_LIMIT } from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { requireUser } from "../../http/request-guard.ts";
import { countLiveItems } from "../items/items.repository.ts";
import {
  countMovementsSince,
  countUserMovementsToday,
  latestMovementRows,
} from "../movements/movements.repository.ts";
import { toMovementView } from "../movements/movements.service.ts";
import { countLiveUsers } from "../users/users.repository.ts";
import { countLiveWarehouses } from "../warehouses/warehouses.repository.ts";

const RECENT_WINDOW_MS = 30 * 24 * 3_600_000;

export function dashboardRoutes({ db, clock, config }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/dashboard",
      {
        config: { access: "user" },
        schema: { tags: ["dashboard"], response: { 200: DashboardSummarySchema } },
      },
      async (request) => {
        const user = requireUser(request);
        const [itemCount, staffCount, warehouseCount, recentMovementCount, latest, myMovementsToday] =
          await Promise.all([
            countLiveItems(db),
            countLiveUsers(db, "staff"),
            countLiveWarehouses(db),
            countMovementsSince(db, new Date(clock.now().getTime() - RECENT_WINDOW_MS)),
            latestMovementRows(db, RECENT_MOVEMENTS_LIMIT),
            countUserMovementsToday(db, user.id, config.businessTimeZone),
          ]);
        return {
          itemCount,
          staffCount,
          warehouseCount,
          recentMovementCount,
          recentMovements: latest.map((row) => toMovementView(row, user)),
          myMovementsToday,
        };
      },
    );
  };
}
