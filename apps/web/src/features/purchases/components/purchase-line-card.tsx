import { ActionIcon, Group, Paper, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatAed, formatQuantity } from "../../../lib/format-number.ts";
import { useUnitTexts } from "../../../lib/unit-format.ts";
import type { PurchaseLineDraft } from "../lib/purchase-draft.ts";

/** One item added to the purchase: its quantity and price, where it goes, and Remove. */
export function PurchaseLineCard({
  line,
  onRemove,
  disabled,
}: {
  line: PurchaseLineDraft;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const units = useUnitTexts();
  const withUnit = (quantity: string) => units.withUnit(quantity, line.item.unit);
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      component="article"
      aria-label={`${line.item.itemNo} ${line.item.name}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {line.item.name}{" "}
            <Text span size="xs" c="dimmed" ff="monospace">
              {line.item.itemNo}
            </Text>
          </Text>
          <Text size="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
            {t("purchases.lineSummary", {
              quantity: withUnit(line.quantity),
              price: formatAed(line.unitPrice),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {line.allocations
              .map((allocation) =>
                t("purchases.allocationSummary", {
                  code: allocation.location.code,
                  quantity: formatQuantity(allocation.quantity),
                }),
              )
              .join(", ")}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t("purchases.removeItem", { name: line.item.name })}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
