import { z } from "zod";
import { DateOnlySchema } from "../common/dates.ts";
import { quantitySchema } from "../common/decimal.ts";
import { SearchTextSchema } from "../common/fields.ts";
import { MESSAGES } from "../common/messages.ts";
import { optionalText } from "../common/text.ts";

export const MOVEMENT_TYPES = ["received", "moved", "dispatched", "adjusted"] as const;
export const MovementTypeSchema = z.enum(MOVEMENT_TYPES);
export type MovementType = z.infer<typeof MovementTypeSchema>;
export const ADJUSTMENTS = ["increase", "decrease"] as const;
export type Adjustment = (typeof ADJUSTMENTS)[number];

export const MOVEMENTS_PAGE_SIZE = 15;
export const MOVEMENT_DELETE_WINDOW_MINUTES = 10;

/** Which locations a movement type takes (spec section 4 and its form rules). */
export function movementNeeds(type: MovementType, adjustment?: Adjustment | null) {
  return {
    source: type === "moved" || type === "dispatched" || (type === "adjusted" && adjustment === "decrease"),
    destination:
      type === "received" || type === "moved" || (type === "adjusted" && adjustment === "increase"),
  };
}

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message);

/**
 * The Add Movement form. The location fields a type does not use must be empty; the one it needs is
 * required with the spec's message; an adjustment changes one location (destination for an increase,
 * source for a decrease).
 */
export const CreateMovementRequestSchema = z
  .strictObject({
    type: MovementTypeSchema,
    adjustment: z.enum(ADJUSTMENTS).nullable().default(null),
    itemId: positiveId(MESSAGES.selectValidItem),
    quantity: quantitySchema("Quantity", MESSAGES.quantityAboveZero),
    fromLocationId: z.number().int().positive().nullable().default(null),
    toLocationId: z.number().int().positive().nullable().default(null),
    managedBy: positiveId(MESSAGES.invalidItemOrStaff),
    reason: optionalText("Reason", 500).refine((value) => value.length > 0, "Reason is required"),
  })
  .superRefine((movement, ctx) => {
    if (movement.type === "adjusted" && !movement.adjustment) {
      ctx.addIssue({ code: "custom", path: ["adjustment"], message: "Choose increase or decrease" });
    }
    if (movement.type !== "adjusted" && movement.adjustment) {
      ctx.addIssue({
        code: "custom",
        path: ["adjustment"],
        message: "Only adjustments increase or decrease",
      });
    }
    if (/^0*(\.0*)?$/.test(movement.quantity)) {
      ctx.addIssue({ code: "custom", path: ["quantity"], message: MESSAGES.quantityAboveZero });
    }
    const needs = movementNeeds(movement.type, movement.adjustment);
    if (needs.source && !movement.fromLocationId) {
      ctx.addIssue({ code: "custom", path: ["fromLocationId"], message: MESSAGES.selectSource });
    }
    if (!needs.source && movement.fromLocationId) {
      ctx.addIssue({
        code: "custom",
        path: ["fromLocationId"],
        message: "This movement type takes no source location",
      });
    }
    if (needs.destination && !movement.toLocationId) {
      ctx.addIssue({ code: "custom", path: ["toLocationId"], message: MESSAGES.selectDestination });
    }
    if (!needs.destination && movement.toLocationId) {
      ctx.addIssue({
        code: "custom",
        path: ["toLocationId"],
        message: "This movement type takes no destination location",
      });
    }
    if (movement.fromLocationId && movement.fromLocationId === movement.toLocationId) {
      ctx.addIssue({ code: "custom", path: ["toLocationId"], message: "Source and destination must differ" });
    }
  });
export type CreateMovementRequest = z.input<typeof CreateMovementRequestSchema>;

export const UpdateMovementReasonRequestSchema = z.strictObject({
  reason: optionalText("Reason", 500).refine((value) => value.length > 0, "Reason is required"),
});
export type UpdateMovementReasonRequest = z.infer<typeof UpdateMovementReasonRequestSchema>;

export const LocationRefSchema = z.object({
  id: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  shelf: z.string(),
  section: z.string().nullable(),
  code: z.string(),
});
export type LocationRef = z.infer<typeof LocationRefSchema>;

export const MovementViewSchema = z.object({
  id: z.number().int(),
  type: MovementTypeSchema,
  adjustment: z.enum(ADJUSTMENTS).nullable(),
  itemId: z.number().int(),
  itemNo: z.string(),
  itemName: z.string(),
  quantity: z.string(),
  unit: z.string(),
  from: LocationRefSchema.nullable(),
  to: LocationRefSchema.nullable(),
  reason: z.string(),
  managedBy: z.number().int().nullable(),
  staffName: z.string().nullable(),
  supplier: z.string().nullable(),
  invoice: z.string().nullable(),
  unitPrice: z.string().nullable(),
  purchaseId: z.number().int().nullable(),
  occurredAt: z.string(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  /** Minutes left of the 10-minute delete window by the database clock (0 when it has passed). */
  deleteMinutesLeft: z.number().int(),
  /** Whether the caller may change its reason and (within the window) delete it. */
  canManage: z.boolean(),
});
export type MovementView = z.infer<typeof MovementViewSchema>;

export const ListMovementsQuerySchema = z.strictObject({
  type: MovementTypeSchema.optional(),
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  search: SearchTextSchema.optional(),
  itemId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ListMovementsQuery = z.input<typeof ListMovementsQuerySchema>;

export const ListMovementsResponseSchema = z.object({
  movements: z.array(MovementViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListMovementsResponse = z.infer<typeof ListMovementsResponseSchema>;

export const LatestMovementResponseSchema = z.object({ movement: MovementViewSchema.nullable() });

/** An item's history: each live movement with the item's total quantity after it. */
export const ItemHistoryEntrySchema = MovementViewSchema.extend({ balanceAfter: z.string() });
export type ItemHistoryEntry = z.infer<typeof ItemHistoryEntrySchema>;
