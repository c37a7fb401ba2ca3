import { Center, Loader, Stack } from "@mantine/core";
import type { Role } from "@wms/domain";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/error-state.tsx";
import { useDashboardSummary } from "../api/dashboard-summary.ts";
import { DashboardSummaryCards } from "./dashboard-summary-cards.tsx";
import { RecentMovementsList } from "./recent-movements-list.tsx";

/** Both roles' dashboard body: the role's figure cards, then Recent Item Movements. */
export function Dashboard({ role }: { role: Role }) {
  const { t } = useTranslation();
  const summary = useDashboardSummary();
  if (summary.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t("dashboard.loading")} />
      </Center>
    );
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
