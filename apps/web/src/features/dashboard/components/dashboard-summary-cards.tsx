import { Card, Group, SimpleGrid, Text, ThemeIcon } from "@mantine/core";
import {
  IconArrowsExchange,
  IconBuildingWarehouse,
  IconClipboardCheck,
  IconPackage,
  IconUsers,
} from "@tabler/icons-react";
import type { DashboardSummary, Role } from "@wms/domain";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { countFormat, numberLocale } from "../../../lib/format-number.ts";

interface FigureCardProps {
  label: string;
  value: number;
  icon: ReactNode;
  /** A short qualifier under the figure, e.g. the period it covers. */
  hint?: string;
}

function FigureCard({ label, value, icon, hint }: FigureCardProps) {
  const { i18n } = useTranslation();
  const labelId = useId();
  return (
    <Card withBorder radius="md" padding="lg" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Text id={labelId} size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={32} fw={700} lh={1.2} style={{ fontVariantNumeric: "tabular-nums" }}>
            {countFormat(numberLocale(i18n.language)).format(value)}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </div>
        <ThemeIcon variant="light" size="xl" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

interface DashboardSummaryCardsProps {
  summary: DashboardSummary;
  role: Role;
}

/**
 * The dashboard's figures. Admins: Total Items, Staff Members, Warehouses, Recent Movements (last 30
 * days). Staff: Total Items, Warehouses and the movements they recorded today. One column on a phone.
 */
export function DashboardSummaryCards({ summary, role }: DashboardSummaryCardsProps) {
  const { t } = useTranslation();
  const totalItems = (
    <FigureCard label={t("dashboard.totalItems")} value={summary.itemCount} icon={<IconPackage />} />
  );
  const warehouses = (
    <FigureCard
      label={t("dashboard.warehouses")}
      value={summary.warehouseCount}
      icon={<IconBuildingWarehouse />}
    />
  );
  if (role === "admin") {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} aria-label={t("dashboard.summaryLabel")}>
        {totalItems}
        <FigureCard label={t("dashboard.staffMembers")} value={summary.staffCount} icon={<IconUsers />} />
        {warehouses}
        <FigureCard
          label={t("dashboard.recentMovements")}
          value={summary.recentMovementCount}
          hint={t("dashboard.recentMovementsHint")}
          icon={<IconArrowsExchange />}
        />
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} aria-label={t("dashboard.summaryLabel")}>
      {totalItems}
      {warehouses}
      <FigureCard
        label={t("dashboard.myMovementsToday")}
        value={summary.myMovementsToday}
        icon={<IconClipboardCheck />}
      />
    </SimpleGrid>
  );
}
