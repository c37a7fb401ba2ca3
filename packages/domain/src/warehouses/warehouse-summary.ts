import { z } from "zod";

/** A warehouse as lists show it: its layout and how many positions it has. */
export const WarehouseSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  maxShelves: z.number().int(),
  sectionsPerShelf: z.number().int(),
  containerShelves: z.array(z.string()),
  totalLocations: z.number().int(),
  /** Distinct items with stock anywhere in the warehouse. */
  itemCount: z.number().int(),
  /** Value of everything stored there, AED (decimal string). */
  totalValue: z.string(),
});
export type WarehouseSummary = z.infer<typeof WarehouseSummarySchema>;

export const ListWarehousesResponseSchema = z.object({ warehouses: z.array(WarehouseSummarySchema) });
export type ListWarehousesResponse = z.infer<typeof ListWarehousesResponseSchema>;
