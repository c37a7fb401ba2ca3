import { Badge, Group, Stack, Text, useDirection, VisuallyHidden } from "@mantine/core";
import { IconArrowNarrowLeft, IconArrowNarrowRight } from "@tabler/icons-react";
import type { MovementView } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { useMovementTypeLabel } from "../../../lib/movement-type-label.ts";

const TYPE_COLORS = { received: "green", moved: "blue", dispatched: "orange", adjusted: "grape" } as const;

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

type RouteEnd = MovementView["from"];

/** A position without its warehouse: the shelf and section ("A01"), or a container shelf's name. */
function positionOf(end: RouteEnd): string {
  return end ? `${end.shelf}${end.section ?? ""}` : "—";
}

function RouteWarehouse({ name }: { name: string }) {
  // A long warehouse name wraps between its words in its own line instead of widening the table
  // (break-word, not anywhere: a one-word name keeps its width rather than being cut mid-word).
  return (
    <Text size="xs" c="dimmed" maw={220} style={{ overflowWrap: "break-word" }}>
      {name}
    </Text>
  );
}

function RoutePosition({ end }: { end: RouteEnd }) {
  return (
    <Text size="sm" ff="monospace" c={end ? undefined : "dimmed"} style={{ whiteSpace: "nowrap" }}>
      {positionOf(end)}
    </Text>
  );
}

/**
 * Where a movement went, its warehouse named once above the positions: "Main Store" over "A01 → B02",
 * "— → A01" for a receipt, "A01 → —" for a dispatch. Between two warehouses each position has its own
 * name above it. Read in order, it is still each location's code: the warehouse, then the position.
 */
export function MovementRoute({ movement }: { movement: Pick<MovementView, "from" | "to"> }) {
  const { t } = useTranslation();
  // The arrow points along the reading direction.
  const { dir } = useDirection();
  const Arrow = dir === "rtl" ? IconArrowNarrowLeft : IconArrowNarrowRight;
  const { from, to } = movement;
  const arrow = (
    <>
      <Arrow size={14} aria-hidden style={{ flexShrink: 0 }} />
      <VisuallyHidden>{t("movements.routeTo")}</VisuallyHidden>
    </>
  );
  const oneWarehouse = !from || !to || from.warehouseId === to.warehouseId;
  if (oneWarehouse) {
    const name = (from ?? to)?.warehouseName;
    return (
      <Stack gap={0}>
        {name ? <RouteWarehouse name={name} /> : null}
        <Group gap={4} wrap="nowrap">
          <RoutePosition end={from} />
          {arrow}
          <RoutePosition end={to} />
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
      <Stack gap={0}>
        <RouteWarehouse name={from.warehouseName} />
        <RoutePosition end={from} />
      </Stack>
      {arrow}
      <Stack gap={0}>
        <RouteWarehouse name={to.warehouseName} />
        <RoutePosition end={to} />
      </Stack>
    </Group>
  );
}
