import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import { type ChangeEvent, SILENT_ACTIONS } from "../events/change-events.ts";
import { queueChangeEvents } from "../events/change-publisher.ts";

export interface Actor {
  /** The signed-in user, or null for the system itself (start-up, command line). */
  userId: number | null;
  requestId: string | null;
}

/** An actor, or placeholders for one in a statement prepared once (preparedStatement). */
export type ActorValues = { [Key in keyof Actor]: Actor[Key] | Placeholder };

export const SYSTEM_ACTOR: Actor = { userId: null, requestId: null };

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Every write in the system calls this inside its own transaction, so the log and the change agree.
 * It also queues the change event, which every API process hears once the transaction has committed
 * (none on rollback; events/change-publisher.ts).
 */
export async function recordAudit(tx: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId,
  });
  if (!SILENT_ACTIONS.has(entry.action)) {
    await queueChangeEvents(tx, [{ entity: entry.entity, id: String(entry.entityId), action: entry.action }]);
  }
}

/** Above this many entries a batch announces itself with one event per entity instead of one per row. */
const BULK_EVENT_THRESHOLD = 20;

/**
 * Many audit rows in one statement, for batch writes (a purchase's movements, a bulk upload). A large
 * batch sends one change event per entity, with id "*", rather than flooding every browser.
 */
export async function recordAuditMany(tx: DbOrTx, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) {
    return;
  }
  const rows = entries.map((entry) => ({
    entity: entry.entity,
    entity_id: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
  await tx.execute(sql`
    insert into audit_log (actor_id, entity, entity_id, action, before, after, request_id)
    select ${actor.userId}::int, r.entity, r.entity_id, r.action, r.before, r.after, ${actor.requestId}::text
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(entity text, entity_id text, action text, before jsonb, after jsonb)`);
  await queueChangeEvents(tx, changeEventsOf(entries));
}

function changeEventsOf(entries: AuditEntry[]): ChangeEvent[] {
  if (entries.length > BULK_EVENT_THRESHOLD) {
    return [...new Set(entries.map((entry) => entry.entity))].map((entity) => ({
      entity,
      id: "*",
      action: "bulk",
    }));
  }
  return entries
    .filter((entry) => !SILENT_ACTIONS.has(entry.action))
    .map((entry) => ({ entity: entry.entity, id: String(entry.entityId), action: entry.action }));
}

/**
 * Audit rows for a set-based write: `rows` is a query yielding (entity_id text, after jsonb), one row
 * per record written, so a bulk write logs every record without its rows passing through JavaScript.
 */
export async function recordAuditSelect(
  tx: DbOrTx,
  actor: Actor,
  entry: { entity: string; action: string },
  rows: SQL,
): Promise<void> {
  await tx.execute(auditInsertSelect(actor, entry, rows));
}

/**
 * The insert of recordAuditSelect as a statement of its own, so a write can append its audit rows in
 * the same statement as its records (a data-modifying WITH query): one round trip instead of two.
 * The caller announces the change events (announceWrites).
 */
export function auditInsertSelect(
  actor: ActorValues,
  entry: { entity: string; action: string },
  rows: SQL,
): SQL {
  return sql`
    insert into audit_log (actor_id, entity, entity_id, action, before, after, request_id)
    select ${actor.userId}::int, ${entry.entity}, r.entity_id, ${entry.action}, null, r.after, ${actor.requestId}::text
    from (${rows}) as r(entity_id, after)`;
}

/**
 * The change events of records of one entity written together: one per record when few, else one
 * bulk event (id "*"), as recordAuditMany sends them.
 */
export async function announceWrites(
  tx: DbOrTx,
  entry: { entity: string; action: string },
  ids: ReadonlyArray<string | number>,
): Promise<void> {
  // Past the threshold only the count matters (one bulk event): a bulk upload's 100,000 ids are not
  // each turned into an entry.
  const announced = ids.length > BULK_EVENT_THRESHOLD ? ids.slice(0, BULK_EVENT_THRESHOLD + 1) : ids;
  const entries = announced.map((id) => ({ entity: entry.entity, entityId: id, action: entry.action }));
  await queueChangeEvents(tx, changeEventsOf(entries));
}
