import { z } from "zod";
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

/** One occupied position: a grid cell (shelf + section) or a container shelf (section null). */
export const GridPositionSchema = z.object({
  locationId: z.number().int(),
  kind: z.enum(["grid", "container"]),
  shelf: z.string(),
  section: z.string().nullable(),
  totalQuantity: z.string(),
  totalValue: z.string(),
  items: z.array(GridItemSchema),
});
export type GridPosition = z.infer<typeof GridPositionSchema>;

/**
 * Everything the warehouse grid draws, in one request: the warehouse (its layout and container
 * shelves) and every occupied position with its items. Empty cells follow from the layout.
 */
export const WarehouseGridResponseSchema = z.object({
  warehouse: WarehouseSummarySchema,
  positions: z.array(GridPositionSchema),
});
export type WarehouseGridResponse = z.infer<typeof WarehouseGridResponseSchema>;
