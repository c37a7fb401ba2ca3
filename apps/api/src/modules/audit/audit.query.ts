import type { AuditEntry } from "@wms/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

export interface AuditFilters {
  entity?: string | undefined;
  action?: string | undefined;
  actorId?: number | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type AuditRow = AuditEntry & { [column: string]: unknown };

function conditions(filters: AuditFilters, timeZone: string): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.entity) {
    parts.push(sql`a.entity = ${filters.entity}`);
  }
  if (filters.action) {
    parts.push(sql`a.action = ${filters.action}`);
  }
  if (filters.actorId) {
    parts.push(sql`a.actor_id = ${filters.actorId}`);
  }
  if (filters.from) {
    parts.push(sql`a.occurred_at >= (${filters.from}::date::timestamp at time zone ${timeZone})`);
  }
  if (filters.to) {
    parts.push(sql`a.occurred_at < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`);
  }
  if (filters.search) {
    const pattern = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    parts.push(sql`(lower(a.entity_id) like ${pattern} or lower(a.action) like ${pattern}
      or lower(coalesce(u.name, '')) like ${pattern} or lower(coalesce(a.after::text, '')) like ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/** Audit entries newest first; `limit` bounds a page or an export. */
export async function listAuditEntries(
  db: DbOrTx,
  filters: AuditFilters,
  timeZone: string,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = conditions(filters, timeZone);
  const [rows, count] = await Promise.all([
    db.execute<AuditRow>(sql`
      select a.id::int, to_json(a.occurred_at) #>> '{}' as "occurredAt", a.actor_id as "actorId", u.name as "actorName",
             a.entity, a.entity_id as "entityId", a.action, a.before, a.after, a.request_id as "requestId"
      from audit_log a left join users u on u.id = a.actor_id
      where ${where}
      order by a.occurred_at desc, a.id desc
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_log a left join users u on u.id = a.actor_id where ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export const AUDIT_EXPORT_LIMIT = 100_000;
