import { z } from "zod";
import { DateOnlySchema } from "../common/dates.ts";
import { SearchTextSchema } from "../common/fields.ts";

/** Like the other lists (spec section 9): a page a screen can show without endless scrolling. */
export const AUDIT_PAGE_SIZE = 20;

/** The kinds of record the log speaks of; the screen offers these as its Entity filter. */
export const AUDIT_ENTITIES = ["item", "warehouse", "stock_movement", "purchase", "user", "import"] as const;

/** The writes the log records; the screen offers these as its Action filter. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "archive",
  "delete",
  "change_reason",
  "add_container_shelf",
  "delete_container_shelf",
  "commit",
  "create_first_admin",
  "reset_password",
  "change_password",
  "update_preferences",
  "sign_out",
] as const;

/** A lower-case name such as an entity or an action; anything else is refused, never run. */
const AuditNameSchema = z.string().regex(/^[a-z_]{1,40}$/, "Unknown name");

/** One recorded write (product-decisions 20): who, what, before and after, when, which request. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const ListAuditQuerySchema = z.strictObject({
  entity: AuditNameSchema.optional(),
  action: AuditNameSchema.optional(),
  /** Who made the change: a user's id. */
  actorId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  search: SearchTextSchema.optional(),
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ListAuditQuery = z.input<typeof ListAuditQuerySchema>;

export const ListAuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListAuditResponse = z.infer<typeof ListAuditResponseSchema>;
