import { z } from "zod";
import { SearchTextSchema } from "../common/fields.ts";
import { WarehouseSummarySchema } from "./warehouse-summary.ts";

export const GridItemSchema = z.object({
  itemId: z.number().int(),
  itemNo: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
  quantity: z.string(),
  value: z.string(),
});
export type GridItem = z.infer<typeof GridItemSchema>;

/** Where a position is: a grid cell (shelf + section) or a container shelf (section null). */
const PositionPlaceSchema = z.object({
  locationId: z.number().int(),
  kind: z.enum(["grid", "container"]),
  shelf: z.string(),
  section: z.string().nullable(),
});

/**
 * One occupied position as a cell draws it: its totals and how many items it holds. What the items
 * are loads when the position is opened (LocationContentsResponse).
 */
export const GridPositionSchema = PositionPlaceSchema.extend({
  totalQuantity: z.string(),
  totalValue: z.string(),
  itemCount: z.number().int(),
});
export type GridPosition = z.infer<typeof GridPositionSchema>;

/**
 * Everything the warehouse grid draws, in one request: the warehouse (its layout and container
 * shelves) and every occupied position with its totals. Empty cells follow from the layout.
 */
export const WarehouseGridResponseSchema = z.object({
  warehouse: WarehouseSummarySchema,
  positions: z.array(GridPositionSchema),
});
export type WarehouseGridResponse = z.infer<typeof WarehouseGridResponseSchema>;

/** An occupied position with the items it holds (a location's modal and the CSV exports). */
export const PositionContentsSchema = PositionPlaceSchema.extend({
  totalQuantity: z.string(),
  totalValue: z.string(),
  items: z.array(GridItemSchema),
});
export type PositionContents = z.infer<typeof PositionContentsSchema>;

/** One live location's items, empty when it holds nothing. */
export const LocationContentsResponseSchema = z.object({
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  position: PositionContentsSchema,
});
export type LocationContentsResponse = z.infer<typeof LocationContentsResponseSchema>;

/** The whole warehouse's stock for its inventory export: every occupied position with its items. */
export const WarehouseInventoryResponseSchema = z.object({
  warehouse: WarehouseSummarySchema,
  positions: z.array(PositionContentsSchema),
});
export type WarehouseInventoryResponse = z.infer<typeof WarehouseInventoryResponseSchema>;

/**
 * Which positions of a warehouse to highlight or offer: those holding an item whose number or name
 * contains `q` (the grid's search), or those holding some of item `itemId` (a movement's source).
 */
export const MatchingPositionsQuerySchema = z
  .strictObject({
    q: SearchTextSchema.pipe(z.string().min(1, "Search must not be empty")).optional(),
    itemId: z.coerce.number().int().positive().optional(),
  })
  .refine((query) => (query.q === undefined) !== (query.itemId === undefined), {
    message: "Give either a search (q) or an item (itemId)",
  });
export type MatchingPositionsQuery = z.input<typeof MatchingPositionsQuerySchema>;

export const MatchingPositionsResponseSchema = z.object({ locationIds: z.array(z.number().int()) });
export type MatchingPositionsResponse = z.infer<typeof MatchingPositionsResponseSchema>;
