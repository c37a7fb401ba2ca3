import { Group, Stack, Text } from "@mantine/core";
import type { ItemView } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { useUnitTexts } from "../lib/unit-format.ts";

interface ItemLocationsProps {
  locations: ItemView["locations"];
  /** The item's unit, written beside each quantity. */
  unit: string;
  /** The list's accessible name, where the section around it gives none. */
  label?: string | undefined;
}

/**
 * Where an item is stored, each location's code beside its quantity, or that it holds none: on the
 * item's card and on its history screen.
 */
export function ItemLocations({ locations, unit, label }: ItemLocationsProps) {
  const { t } = useTranslation();
  const { withUnit } = useUnitTexts();
  if (locations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("items.noStock")}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={2} m={0} p={0} aria-label={label} style={{ listStyle: "none" }}>
      {locations.map((location) => (
        <Group component="li" key={location.locationId} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
            {location.code}
          </Text>
          <Text size="sm" ta="end" style={{ fontVariantNumeric: "tabular-nums" }}>
            {withUnit(location.quantity, unit)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
