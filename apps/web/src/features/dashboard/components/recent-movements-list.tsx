import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { MovementView } from "@wms/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { useDateFormat } from "../../../lib/format-date.ts";
import { formatQuantity } from "../../../lib/format-number.ts";
import { MOVEMENT_TYPE_COLOR, movementTypeKeys } from "../lib/movement-summary.ts";

function MovementRow({ movement }: { movement: MovementView }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const keys = movementTypeKeys(movement);
  const type = t(keys.type, { defaultValue: movement.type });
  const typeLabel = keys.adjustment
    ? t("dashboard.typeWithAdjustment", { type, adjustment: t(keys.adjustment) })
    : type;
  const unit = t(`items.units.${movement.unit}`, { defaultValue: movement.unit });
  const places = [
    movement.from ? t("dashboard.from", { code: movement.from.code }) : null,
    movement.to ? t("dashboard.to", { code: movement.to.code }) : null,
  ].filter((place): place is string => place !== null);
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`${movement.itemName}, ${typeLabel}`}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {movement.itemName}
            </Text>
            <Badge color={MOVEMENT_TYPE_COLOR[movement.type]} variant="light" radius="sm" tt="none">
              {typeLabel}
            </Badge>
          </Group>
          <Text fw={600} ta="end" style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
            {t("dashboard.quantityWithUnit", {
              quantity: formatQuantity(movement.quantity),
              unit,
            })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" ff="monospace">
          {movement.itemNo}
        </Text>
        {places.length > 0 ? (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {places.join(" · ")}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {movement.staffName ? t("dashboard.by", { name: movement.staffName }) : t("dashboard.noStaff")}
          </Text>
          <Text size="sm" c="dimmed" aria-hidden>
            ·
          </Text>
          <Text size="sm" c="dimmed" component="time" dateTime={movement.occurredAt}>
            {formatDate.dateTime(movement.occurredAt)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Recent Item Movements: the latest movements (the server sends 5), newest first. */
export function RecentMovementsList({ movements }: { movements: MovementView[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={2} size="h3" id={titleId}>
        {t("dashboard.recentList")}
      </Title>
      {movements.length === 0 ? (
        <EmptyState text={t("dashboard.recentEmpty")} />
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
          {movements.map((movement) => (
            <MovementRow key={movement.id} movement={movement} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
