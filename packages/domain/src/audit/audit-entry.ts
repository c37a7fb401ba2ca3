import { z } from "zod";
import { DateOnlySchema } from "../common/dates.ts";
import { SearchTextSchema } from "../common/fields.ts";

export const AUDIT_PAGE_SIZE = 50;

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
  entity: z
    .string()
    .regex(/^[a-z_]{1,40}$/, "Unknown entity")
    .optional(),
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
