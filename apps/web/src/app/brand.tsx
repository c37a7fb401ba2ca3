import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconLeaf } from "@tabler/icons-react";
import { useProductTitle } from "../lib/app-info.ts";

/** Logo and product title. */
export function Brand() {
  const title = useProductTitle();
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
        <IconLeaf size={22} />
      </ThemeIcon>
      {/* The title's own direction: a Latin name in Arabic is cut at its end, not its start. */}
      <Text fw={700} size="lg" truncate miw={0} dir="auto">
        {title}
      </Text>
    </Group>
  );
}
