import { Button, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFileExport } from "@tabler/icons-react";
import { itemTypeLabel } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { formatAed, formatQuantity } from "../../../lib/format-number.ts";
import { downloadText } from "../lib/download.ts";
import type { GridTarget } from "../lib/grid-model.ts";
import { locationCsv, locationFileName, targetCode } from "../lib/grid-model.ts";

interface LocationDetailsModalProps {
  warehouseName: string;
  /** The location opened; null when closed. */
  target: GridTarget | null;
  /** Whether this view may export the location's CSV. */
  canExport: boolean;
  onClose: () => void;
}

const NUMBER_CELL = { textAlign: "end", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

/**
 * View-only mode's location: 'Location {warehouse}{shelf}{section}' with its total value, Export CSV
 * and the items it holds (Item Details, Type & Unit, Quantity, Value), or the spec's empty text.
 */
export function LocationDetailsModal({
  warehouseName,
  target,
  canExport,
  onClose,
}: LocationDetailsModalProps) {
  const { t } = useTranslation();
  const code = target ? targetCode(warehouseName, target) : "";
  const position = target?.position ?? null;
  const unitLabel = (unit: string) => t(`items.units.${unit}`, { defaultValue: unit });

  const exportCsv = () => {
    if (!target || !position) {
      return;
    }
    const file = locationFileName(warehouseName, target.shelf, target.section);
    downloadText(file, locationCsv(warehouseName, position));
    notifications.show({ color: "green", message: t("grid.exported", { file }) });
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t("grid.locationTitle", { code })}
      size="xl"
      centered
    >
      {position && position.items.length > 0 ? (
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
              {t("grid.totalValue")}: {formatAed(position.totalValue)}
            </Text>
            {canExport ? (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconFileExport size={16} aria-hidden />}
                onClick={exportCsv}
              >
                {t("grid.exportCsv")}
              </Button>
            ) : null}
          </Group>
          <Table.ScrollContainer minWidth={520}>
            <Table striped verticalSpacing="xs" aria-label={t("grid.itemsTable", { code })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("grid.colItemDetails")}</Table.Th>
                  <Table.Th>{t("grid.colTypeUnit")}</Table.Th>
                  <Table.Th style={NUMBER_CELL}>{t("grid.colQuantity")}</Table.Th>
                  <Table.Th style={NUMBER_CELL}>{t("grid.colValue")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {position.items.map((item) => (
                  <Table.Tr key={item.itemId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {item.itemNo}
                      </Text>
                      <Text size="sm">{item.name}</Text>
                      {item.description ? (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {item.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{itemTypeLabel(item.type)}</Text>
                      <Text size="xs" c="dimmed">
                        {unitLabel(item.unit)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={NUMBER_CELL}>
                      {t("items.quantityWithUnit", {
                        quantity: formatQuantity(item.quantity),
                        unit: unitLabel(item.unit),
                      })}
                    </Table.Td>
                    <Table.Td style={NUMBER_CELL}>{formatAed(item.value)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : (
        <Text c="dimmed" ta="center" py="lg">
          {t("grid.noItems")}
        </Text>
      )}
    </Modal>
  );
}
