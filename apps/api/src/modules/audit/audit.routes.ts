import { AUDIT_PAGE_SIZE, ListAuditQuerySchema, ListAuditResponseSchema, toCsv } from "@wms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { AUDIT_EXPORT_LIMIT, listAuditEntries } from "./audit.query.ts";

/** Product-decisions 20: the audit log, viewable and exportable by admins only. */
export function auditRoutes({ db, config }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: "admin" } as const;
    app.get(
      "/api/audit",
      {
        config: admin,
        schema: {
          tags: ["audit"],
          querystring: ListAuditQuerySchema,
          response: { 200: ListAuditResponseSchema },
        },
      },
      async (request) => {
        const { page, ...filters } = request.query;
        const { rows, total } = await listAuditEntries(db, filters, config.businessTimeZone, {
          limit: AUDIT_PAGE_SIZE,
          offset: (page - 1) * AUDIT_PAGE_SIZE,
        });
        return { entries: rows, total, page, pageSize: AUDIT_PAGE_SIZE };
      },
    );

    app.get(
      "/api/audit/csv",
      { config: admin, schema: { tags: ["audit"], querystring: ListAuditQuerySchema } },
      async (request, reply) => {
        const { page: _page, ...filters } = request.query;
        const { rows } = await listAuditEntries(db, filters, config.businessTimeZone, {
          limit: AUDIT_EXPORT_LIMIT,
          offset: 0,
        });
        // Every field goes through the one CSV writer, which neutralises formulas (product-decisions 17).
        const csv = toCsv(
          ["When", "Who", "Entity", "Entity Id", "Action", "Before", "After", "Request Id"],
          rows.map((row) => [
            row.occurredAt,
            row.actorName ?? "system",
            row.entity,
            row.entityId,
            row.action,
            row.before === null ? "" : JSON.stringify(row.before),
            row.after === null ? "" : JSON.stringify(row.after),
            row.requestId,
          ]),
        );
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", 'attachment; filename="audit_log.csv"')
          .send(csv);
      },
    );
  };
}
