import { Card, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";

interface CardsSkeletonProps {
  count?: number;
  lines?: number;
  cols?: { base: number; sm?: number; lg?: number };
}

/** Placeholder cards while a list or a set of figures loads. */
export function CardsSkeleton({
  count = 3,
  lines = 3,
  cols = { base: 1, sm: 2, lg: 3 },
}: CardsSkeletonProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={cols} aria-busy="true" aria-label={t("common.loading")}>
      {Array.from({ length: count }, (_, card) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={card} withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Skeleton height={18} width="60%" />
            {Array.from({ length: lines }, (_, line) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={line} height={12} />
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
