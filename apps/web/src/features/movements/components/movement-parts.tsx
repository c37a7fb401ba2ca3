import { Badge, Group, Text, useDirection, VisuallyHidden } from "@mantine/core";
import { IconArrowNarrowLeft, IconArrowNarrowRight } from "@tabler/icons-react";
import type { MovementView } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { formatQuantity } from "../../../lib/format-number.ts";

const TYPE_COLORS = { received: "green", moved: "blue", dispatched: "orange", adjusted: "grape" } as const;

/** "Received", or "Adjusted (Increase)" for adjustments. */
export function useMovementTypeLabel() {
  const { t } = useTranslation();
  return (movement: Pick<MovementView, "type" | "adjustment">) =>
    movement.type === "adjusted" && movement.adjustment
      ? t("movements.adjustedWith", { adjustment: t(`movements.adjustments.${movement.adjustment}`) })
      : t(`movements.types.${movement.type}`);
}

/** The type as a badge, never squeezed to an ellipsis by a narrow table column. */
export function MovementTypeBadge({ movement }: { movement: Pick<MovementView, "type" | "adjustment"> }) {
  const label = useMovementTypeLabel();
  return (
    <Badge
      color={TYPE_COLORS[movement.type]}
      variant="light"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0, minWidth: "max-content" }}
    >
      {label(movement)}
    </Badge>
  );
}

/** The quantity with the item's unit, e.g. "12.5 kilogram". */
export function useQuantityWithUnit() {
  const { t } = useTranslation();
  return (quantity: string, unit: string) =>
    t("items.quantityWithUnit", {
      quantity: formatQuantity(quantity),
      unit: t(`items.units.${unit}`, { defaultValue: unit }),
    });
}

/** "A01 → B02", "— → A01" for a receipt, "A01 → —" for a dispatch. */
export function MovementRoute({ movement }: { movement: Pick<MovementView, "from" | "to"> }) {
  const { t } = useTranslation();
  // The arrow points along the reading direction.
  const { dir } = useDirection();
  const Arrow = dir === "rtl" ? IconArrowNarrowLeft : IconArrowNarrowRight;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" c={movement.from ? undefined : "dimmed"}>
        {movement.from?.code ?? "—"}
      </Text>
      <Arrow size={14} aria-hidden />
      <VisuallyHidden>{t("movements.routeTo")}</VisuallyHidden>
      <Text size="sm" ff="monospace" c={movement.to ? undefined : "dimmed"}>
        {movement.to?.code ?? "—"}
      </Text>
    </Group>
  );
}
