import { z } from "zod";
import { MovementViewSchema } from "../movements/movement.ts";

export const RECENT_MOVEMENTS_LIMIT = 5;

/**
 * The dashboard: the spec's four cards (Total Items, Staff Members, Warehouses, Recent Movements: those
 * of the last 30 days), the 5 latest movements, and the caller's own movements today (staff dashboard).
 */
export const DashboardSummarySchema = z.object({
  itemCount: z.number().int(),
  staffCount: z.number().int(),
  warehouseCount: z.number().int(),
  recentMovementCount: z.number().int(),
  recentMovements: z.array(MovementViewSchema),
  myMovementsToday: z.number().int(),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;
