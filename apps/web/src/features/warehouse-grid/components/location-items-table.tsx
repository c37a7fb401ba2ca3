import { Table, Text } from "@mantine/core";
import type { GridItem } from "@wms/domain";
import { itemTypeLabel } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { formatAed } from "../../../lib/format-number.ts";
import { useUnitTexts } from "../../../lib/unit-format.ts";

const NUMBER_CELL = { textAlign: "end", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

/** The items a location holds: Item Details, Type & Unit, Quantity, Value. */
export function LocationItemsTable({ code, items }: { code: string; items: readonly GridItem[] }) {
  const { t } = useTranslation();
  const { unitLabel, withUnit } = useUnitTexts();
  return (
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
          {items.map((item) => (
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
              <Table.Td style={NUMBER_CELL}>{withUnit(item.quantity, item.unit)}</Table.Td>
              <Table.Td style={NUMBER_CELL}>{formatAed(item.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
