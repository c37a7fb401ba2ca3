import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import type { ItemView } from "@wms/domain";
import { itemTypeLabel } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CardFact } from "../../../components/card-fact.tsx";
import { ItemHeading } from "../../../components/item-heading.tsx";
import { ItemLocations } from "../../../components/item-locations.tsx";
import { formatAed } from "../../../lib/format-number.ts";
import { useUnitTexts } from "../../../lib/unit-format.ts";

interface ItemCardProps {
  item: ItemView;
  /** The item's movement history screen, when it exists. */
  historyHref?: string;
  /** Buttons for the roles that may change items. */
  actions?: ReactNode;
}

/** One item: identity, type and unit, totals, low-stock flag and where it is stored. */
export function ItemCard({ item, historyHref, actions }: ItemCardProps) {
  const { t } = useTranslation();
  const units = useUnitTexts();
  const withUnit = (quantity: string) => units.withUnit(quantity, item.unit);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={`${item.itemNo} ${item.name}`}>
      <Stack gap="xs" h="100%">
        <ItemHeading item={item} titleSize="h4" />
        {item.description ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: "pre-line" }}>
            {item.description}
          </Text>
        ) : null}
        <Group gap={6}>
          <Badge variant="light" radius="sm">
            {itemTypeLabel(item.type)}
          </Badge>
          <Badge variant="outline" color="gray" radius="sm" tt="none">
            {units.unitLabel(item.unit)}
          </Badge>
        </Group>
        <CardFact label={t("items.totalQuantity")} value={withUnit(item.totalQuantity)} />
        <CardFact label={t("items.totalValue")} value={formatAed(item.totalValue)} />
        <CardFact label={t("items.unitPriceShort")} value={formatAed(item.unitPrice)} />
        <CardFact label={t("items.minimum")} value={withUnit(item.minQuantity)} />
        <Text size="sm" fw={500}>
          {t("items.locations")}
        </Text>
        <ItemLocations locations={item.locations} unit={item.unit} label={t("items.locations")} />
        {historyHref || actions ? (
          <Group gap="xs" mt="auto" pt="sm">
            {historyHref ? (
              <Anchor
                component={Link}
                to={historyHref}
                size="sm"
                aria-label={t("items.historyLabel", { name: item.name })}
              >
                <Group gap={4} wrap="nowrap">
                  <IconHistory size={16} aria-hidden />
                  {t("items.history")}
                </Group>
              </Anchor>
            ) : null}
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
