import { Alert, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReportResponse } from "@wms/domain";
import type { ReactNode } from "react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/error-state.tsx";
import { localizeServerText } from "../../../i18n/server-messages.ts";
import { formatDate, useDateFormat } from "../../../lib/format-date.ts";
import { useReport } from "../api/reports.ts";
import type { ReportSelection } from "../lib/report-selection.ts";
import { AS_OF_REPORTS, isComplete, sameReport } from "../lib/report-selection.ts";
import type { FilterErrors } from "./report-filters.tsx";
import { ReportFilters } from "./report-filters.tsx";
import { ReportTableView } from "./report-table.tsx";
import classes from "./reports.module.css";
import { useReportSelection } from "./use-report-selection.ts";

/** Charts pull in @mantine/charts and recharts: loaded only when a report with a chart is shown. */
const ReportCharts = lazy(async () => ({ default: (await import("./report-charts.tsx")).ReportCharts }));
const CHART_REPORTS = new Set(["valuation", "single-item-summary"]);

function ReportSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t("reports.loading")}>
      <Skeleton height={28} width="40%" />
      <Skeleton height={14} width="25%" />
      {Array.from({ length: 8 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={row} height={18} />
      ))}
    </Stack>
  );
}

/** The generated report: its title and period, its chart where it has one, and its tables. */
function ReportView({ report, refreshing }: { report: ReportResponse; refreshing: boolean }) {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  const day = (date: string) => formatDate(date, i18n.language, "UTC");
  const period =
    report.start === null
      ? t("reports.asOf", { date: report.end ? day(report.end) : "" })
      : t("reports.period", { start: day(report.start), end: report.end ? day(report.end) : "" });
  return (
    <Stack gap="lg" aria-busy={refreshing}>
      <div>
        <Title order={2}>{localizeServerText(report.title, i18n.language)}</Title>
        <Text size="sm" c="dimmed">
          {period} · {t("reports.generatedAt", { dateTime: dates.dateTime(report.generatedAt) })}
        </Text>
      </div>
      {CHART_REPORTS.has(report.type) ? (
        <Suspense fallback={<Skeleton height={260} radius="md" />}>
          <ReportCharts report={report} />
        </Suspense>
      ) : null}
      {report.tables.map((table) => (
        <ReportTableView key={table.key} table={table} withTitle={report.tables.length > 1} />
      ))}
    </Stack>
  );
}

/**
 * Inventory Reports (product-decisions 18): choose a report and its period, press Search to generate it.
 * The selection being edited is local; the generated one lives in the URL, so editing does not refetch.
 */
export function ReportsScreen() {
  const { t } = useTranslation();
  const { selection, generated, generate, today } = useReportSelection();
  const report = useReport(generated);
  const [draft, setDraft] = useState<ReportSelection>(selection);
  const [errors, setErrors] = useState<FilterErrors>({});
  // Back and forward (a different generated selection in the URL) bring the filters along.
  const [shown, setShown] = useState(selection);
  if (shown !== selection) {
    setShown(selection);
    setDraft(selection);
    setErrors({});
  }

  const search = () => {
    if (!isComplete(draft)) {
      setErrors({
        type: draft.type === null ? t("reports.chooseType") : undefined,
        itemId: draft.type === "single-item-summary" ? t("reports.chooseItem") : undefined,
      });
      return;
    }
    setErrors({});
    if (generated && sameReport(draft, generated)) {
      void report.refetch();
    } else {
      generate(draft);
    }
  };

  let content: ReactNode;
  if (generated === null) {
    content = (
      <Alert variant="light" icon={<IconInfoCircle aria-hidden />} className={classes.noPrint}>
        {draft.type === "single-item-summary" ? t("reports.noticeSingleItem") : t("reports.notice")}
      </Alert>
    );
  } else if (report.isPending) {
    content = <ReportSkeleton />;
  } else if (report.isError) {
    content = (
      <ErrorState error={report.error} onRetry={() => report.refetch()} retrying={report.isFetching} />
    );
  } else {
    content = <ReportView report={report.data} refreshing={report.isFetching} />;
  }

  const changed = generated !== null && isComplete(draft) && !sameReport(draft, generated);
  return (
    <Stack component="section" aria-label={t("reports.title")} className={classes.root}>
      <Paper withBorder radius="md" p="md" className={classes.noPrint}>
        <Stack gap="xs">
          <ReportFilters
            draft={draft}
            today={today}
            errors={errors}
            searching={generated !== null && report.isFetching}
            onChange={(next) => {
              setDraft(next);
              setErrors({});
            }}
            onSearch={search}
          />
          {draft.type !== null && AS_OF_REPORTS.has(draft.type) ? (
            <Text size="sm" c="dimmed">
              {t("reports.asOfNote", { report: t(`reports.types.${draft.type}`) })}
            </Text>
          ) : null}
          {changed ? (
            <Text size="sm" c="orange.8" aria-live="polite">
              {t("reports.selectionChanged")}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {content}
    </Stack>
  );
}
