import { Badge, Group, Text, Title } from "@mantine/core";
import type { ItemView } from "@wms/domain";
import { useTranslation } from "react-i18next";

interface ItemHeadingProps {
  item: Pick<ItemView, "itemNo" | "name" | "isLowStock">;
  /** h4 on a card among many, h3 on the item's own screen. */
  titleSize: "h3" | "h4";
}

/** An item's number above its name, with the low-stock flag beside them: on its card and its screen. */
export function ItemHeading({ item, titleSize }: ItemHeadingProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <div>
        <Text size="xs" c="dimmed" ff="monospace">
          {item.itemNo}
        </Text>
        <Title order={2} size={titleSize} style={{ overflowWrap: "anywhere" }}>
          {item.name}
        </Title>
      </div>
      {item.isLowStock ? (
        <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
          {t("items.lowStock")}
        </Badge>
      ) : null}
    </Group>
  );
}
