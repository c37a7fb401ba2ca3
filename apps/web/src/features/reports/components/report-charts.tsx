import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Paper, Text, Title, useDirection } from "@mantine/core";
import type { ReportResponse } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../../../lib/format-locale.ts";
import { formatAed, formatQuantity } from "../../../lib/format-number.ts";
import { hasValues, inOutByDay, valueByType } from "../lib/report-charts-data.ts";
import classes from "./reports.module.css";

/*
 * The charts of the Reports screen. This module (with @mantine/charts and recharts) is loaded only when a
 * report that has a chart is shown, so no other screen ships it.
 */

const BAR_HEIGHT = 36;

/**
 * Axes mirrored in a right-to-left language: the vertical axis on the right, and the horizontal one
 * (values growing, days running) from right to left, as the reader reads.
 */
function useMirroredAxes() {
  const { dir } = useDirection();
  const rtl = dir === "rtl";
  return { side: rtl ? ({ orientation: "right" } as const) : {}, reversed: rtl };
}

function ChartFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="figure"
      m={0}
      aria-label={title}
      className={classes.chart}
    >
      <Title order={3} size="h5" mb="sm" component="figcaption">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Valuation: the value of each item type, from its "Total {TYPE}" rows. */
function ValueByTypeChart({ report }: { report: ReportResponse }) {
  const { t } = useTranslation();
  const data = valueByType(report.tables[0]);
  const axes = useMirroredAxes();
  return (
    <ChartFrame title={t("reports.charts.valueByType")}>
      {hasValues(data, ["value"]) ? (
        <BarChart
          h={Math.max(120, data.length * BAR_HEIGHT + 40)}
          data={data}
          dataKey="type"
          orientation="vertical"
          series={[{ name: "value", label: t("reports.charts.value"), color: "teaGreen.7" }]}
          valueFormatter={(value) => formatAed(value)}
          yAxisProps={{ width: 130, ...axes.side }}
          xAxisProps={{ tickFormatter: (value: number) => formatQuantity(value), reversed: axes.reversed }}
          gridAxis="x"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t("reports.charts.noValue")}
        </Text>
      )}
    </ChartFrame>
  );
}

/** Single Item Summary: what came in and went out on each day of the month. */
function InOutChart({ report }: { report: ReportResponse }) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(intlLocale(i18n.language), { day: "numeric", timeZone: "UTC" });
  const data = inOutByDay(report.tables[0]).map((entry) => ({
    ...entry,
    day: day.format(new Date(entry.date)),
  }));
  const axes = useMirroredAxes();
  return (
    <ChartFrame title={t("reports.charts.inOutByDay")}>
      {hasValues(data, ["in", "out"]) ? (
        <BarChart
          h={260}
          data={data}
          dataKey="day"
          series={[
            { name: "in", label: t("reports.charts.in"), color: "teaGreen.6" },
            { name: "out", label: t("reports.charts.out"), color: "red.6" },
          ]}
          valueFormatter={(value) => formatQuantity(value)}
          xAxisProps={{ reversed: axes.reversed }}
          yAxisProps={axes.side}
          withLegend
          gridAxis="y"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t("reports.charts.noInOut")}
        </Text>
      )}
    </ChartFrame>
  );
}

/** The chart of a report that has one. */
export function ReportCharts({ report }: { report: ReportResponse }) {
  if (report.type === "valuation") {
    return <ValueByTypeChart report={report} />;
  }
  if (report.type === "single-item-summary") {
    return <InOutChart report={report} />;
  }
  return null;
}
