import { Card, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import type { Role } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/error-state.tsx";
import { useDashboardSummary } from "../api/dashboard-summary.ts";
import { DashboardSummaryCards } from "./dashboard-summary-cards.tsx";
import { RecentMovementsList } from "./recent-movements-list.tsx";

/**
 * While the figures load: the cards and the list in their places and sizes, so nothing moves when
 * they arrive.
 */
function DashboardSkeleton({ role, label }: { role: Role; label: string }) {
  const cards = role === "admin" ? 4 : 3;
  return (
    <Stack gap="xl" aria-busy="true" aria-label={label}>
      <SimpleGrid cols={role === "admin" ? { base: 1, xs: 2, lg: 4 } : { base: 1, sm: 3 }}>
        {Array.from({ length: cards }, (_, card) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card key={card} withBorder radius="md" padding="lg">
            <Stack gap={8}>
              <Skeleton height={14} width="60%" />
              <Skeleton height={32} width="40%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Stack gap="sm">
        <Skeleton height={24} width={220} />
        {Array.from({ length: 5 }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={row} height={96} radius="md" />
        ))}
      </Stack>
    </Stack>
  );
}

/** Both roles' dashboard body: the role's figure cards, then Recent Item Movements. */
export function Dashboard({ role }: { role: Role }) {
  const { t } = useTranslation();
  const summary = useDashboardSummary();
  if (summary.isPending) {
    return <DashboardSkeleton role={role} label={t("dashboard.loading")} />;
  }
  if (summary.isError) {
    return (
      <ErrorState error={summary.error} onRetry={() => summary.refetch()} retrying={summary.isFetching} />
    );
  }
  return (
    <Stack gap="xl">
      <DashboardSummaryCards summary={summary.data} role={role} />
      <RecentMovementsList movements={summary.data.recentMovements} />
    </Stack>
  );
}
