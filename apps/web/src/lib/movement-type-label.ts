import type { MovementView } from "@wms/domain";
import { useTranslation } from "react-i18next";

/** "Received", or "Adjusted (Increase)" for adjustments: on the Movements screen and an item's history. */
export function useMovementTypeLabel() {
  const { t } = useTranslation();
  return (movement: Pick<MovementView, "type" | "adjustment">) =>
    movement.type === "adjusted" && movement.adjustment
      ? t("movements.adjustedWith", { adjustment: t(`movements.adjustments.${movement.adjustment}`) })
      : t(`movements.types.${movement.type}`);
}
