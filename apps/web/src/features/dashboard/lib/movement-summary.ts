import type { MovementType, MovementView } from "@wms/domain";

/** Badge colours per movement type: stock in, between locations, out, corrected. */
export const MOVEMENT_TYPE_COLOR: Record<MovementType, string> = {
  received: "green",
  moved: "blue",
  dispatched: "orange",
  adjusted: "grape",
};

/**
 * The i18n keys that name a movement's type: the type alone, or for an adjustment the type and its
 * direction (Adjusted, Increase).
 */
export function movementTypeKeys(movement: Pick<MovementView, "type" | "adjustment">): {
  type: string;
  adjustment: string | null;
} {
  return {
    type: `dashboard.movementTypes.${movement.type}`,
    adjustment:
      movement.type === "adjusted" && movement.adjustment
        ? `dashboard.adjustments.${movement.adjustment}`
        : null,
  };
}
