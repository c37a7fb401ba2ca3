import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconMapPin } from "@tabler/icons-react";
import type { WarehouseSummary } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CardFact } from "../../../components/card-fact.tsx";
import { countFormat, formatAed, numberLocale } from "../../../lib/format-number.ts";

interface WarehouseCardProps {
  warehouse: WarehouseSummary;
  /** Buttons for the roles that may change the warehouse. */
  actions?: ReactNode;
}

/** One warehouse: where it is, its layout, its container shelves and what it stores. */
export function WarehouseCard({ warehouse, actions }: WarehouseCardProps) {
  const { t, i18n } = useTranslation();
  const number = countFormat(numberLocale(i18n.language));
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={warehouse.name}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
          {warehouse.name}
        </Title>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            <VisuallyHidden>{t("warehouses.location")}: </VisuallyHidden>
            {warehouse.location}
          </Text>
        </Group>
        <CardFact label={t("warehouses.shelves")} value={number.format(warehouse.maxShelves)} />
        <CardFact
          label={t("warehouses.sectionsPerShelf")}
          value={number.format(warehouse.sectionsPerShelf)}
        />
        <CardFact label={t("warehouses.totalLocations")} value={number.format(warehouse.totalLocations)} />
        <CardFact label={t("warehouses.itemsStored")} value={number.format(warehouse.itemCount)} />
        <CardFact label={t("warehouses.totalValue")} value={formatAed(warehouse.totalValue)} />
        <Text size="sm" c="dimmed">
          {t("warehouses.containerShelvesCount", { count: warehouse.containerShelves.length })}
        </Text>
        {warehouse.containerShelves.length > 0 ? (
          <Group gap={6} role="list" aria-label={t("warehouses.containerShelves")}>
            {warehouse.containerShelves.map((shelf) => (
              <Badge key={shelf} variant="light" radius="sm" role="listitem" tt="none">
                {shelf}
              </Badge>
            ))}
          </Group>
        ) : null}
        {actions ? (
          <Group gap="xs" mt="auto" pt="sm">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
