import { Group, Stack, Text } from "@mantine/core";
import type { MovementView } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../../lib/format-date.ts";
import { formatAed } from "../../../lib/format-number.ts";
import { useUnitTexts } from "../../../lib/unit-format.ts";
import { MovementTypeBadge } from "./movement-parts.tsx";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="div" justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} ta="end" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}

/** Every detail of one movement, as a description list (the Last Movement modal). */
export function MovementDetails({ movement }: { movement: MovementView }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const { withUnit } = useUnitTexts();
  const location = (ref: MovementView["from"]) =>
    ref ? `${ref.code} (${ref.warehouseName})` : t("movements.none");
  return (
    <Stack component="dl" gap="xs" m={0}>
      <Detail label={t("movements.type")}>
        <MovementTypeBadge movement={movement} />
      </Detail>
      <Detail label={t("movements.date")}>{dates.dateTime(movement.occurredAt)}</Detail>
      <Detail label={t("movements.item")}>
        {movement.itemNo} · {movement.itemName}
      </Detail>
      <Detail label={t("movements.quantity")}>{withUnit(movement.quantity, movement.unit)}</Detail>
      <Detail label={t("movements.source")}>{location(movement.from)}</Detail>
      <Detail label={t("movements.destination")}>{location(movement.to)}</Detail>
      <Detail label={t("movements.staff")}>{movement.staffName ?? t("movements.none")}</Detail>
      <Detail label={t("movements.reason")}>{movement.reason || t("movements.none")}</Detail>
      {movement.supplier ? <Detail label={t("movements.supplier")}>{movement.supplier}</Detail> : null}
      {movement.invoice ? <Detail label={t("movements.invoice")}>{movement.invoice}</Detail> : null}
      {movement.unitPrice ? (
        <Detail label={t("movements.unitPrice")}>{formatAed(movement.unitPrice)}</Detail>
      ) : null}
      <Detail label={t("movements.recordedBy")}>
        {t("movements.recordedByOn", {
          name: movement.createdByName ?? t("movements.none"),
          date: dates.dateTime(movement.createdAt),
        })}
      </Detail>
    </Stack>
  );
}
