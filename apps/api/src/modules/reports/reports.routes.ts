import {
  EXPORT_ROW_LIMIT,
  ReportQuerySchema,
  ReportResponseSchema,
  ReportTypeSchema,
  SCREEN_ROW_LIMIT,
} from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { buildReport, reportToCsv } from "./reports.service.ts";

const ParamsSchema = z.strictObject({ type: ReportTypeSchema });

/** Reports are admin only (product-decisions 2); every report also exports to CSV. */
export function reportsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: "admin" } as const;
    app.get(
      "/api/reports/:type",
      {
        config: admin,
        schema: {
          tags: ["reports"],
          params: ParamsSchema,
          querystring: ReportQuerySchema,
          response: { 200: ReportResponseSchema },
        },
      },
      async (request) => buildReport(deps, request.params.type, request.query, SCREEN_ROW_LIMIT),
    );

    app.get(
      "/api/reports/:type/csv",
      { config: admin, schema: { tags: ["reports"], params: ParamsSchema, querystring: ReportQuerySchema } },
      async (request, reply) => {
        const report = await buildReport(deps, request.params.type, request.query, EXPORT_ROW_LIMIT);
        const period = report.start ? `${report.start}_to_${report.end}` : `as_of_${report.end}`;
        const fileName = `${report.title.replace(/[^A-Za-z0-9]+/g, "_")}_${period}.csv`;
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${fileName}"`)
          .send(reportToCsv(report));
      },
    );
  };
}
