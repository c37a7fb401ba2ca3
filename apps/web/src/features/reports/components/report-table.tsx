import { Badge, Stack, Table, Text, Title } from "@mantine/core";
import type { ReportColumn, ReportRow, ReportTable } from "@wms/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { localizeServerText } from "../../../i18n/server-messages.ts";
import { formatDate, useDateFormat } from "../../../lib/format-date.ts";
import { countFormat, formatAed, formatQuantity, numberLocale } from "../../../lib/format-number.ts";
import classes from "./reports.module.css";

/** A report with a table of more columns than this prints on landscape pages. */
export const WIDE_TABLE_COLUMNS = 8;
/** Below this width per column the table scrolls sideways (on a phone) instead of squeezing. */
const COLUMN_MIN_WIDTH = 120;

type Cell = ReportRow[string];

function isNumeric(column: ReportColumn): boolean {
  return column.kind === "quantity" || column.kind === "money";
}

/** How one cell reads: amounts in AED, quantities grouped, dates in the business time zone. */
function useCellFormat() {
  const { t, i18n } = useTranslation();
  const dates = useDateFormat();
  return (column: ReportColumn, value: Cell): ReactNode => {
    if (value === null || value === "") {
      return "";
    }
    const number = typeof value === "number" || typeof value === "string" ? Number(value) : Number.NaN;
    switch (column.kind) {
      case "money":
        return Number.isFinite(number) ? formatAed(value as string | number) : String(value);
      case "quantity":
        return Number.isFinite(number) ? formatQuantity(value as string | number) : String(value);
      case "date":
        // A calendar day (YYYY-MM-DD): the same day wherever it is read, so not shifted by a zone.
        return typeof value === "string" ? formatDate(value, i18n.language, "UTC") : String(value);
      case "datetime":
        return typeof value === "string" ? dates.dateTime(value) : String(value);
      case "flag":
        return value === true ? (
          <Badge color="red" variant="light" size="sm">
            {t("reports.lowStock")}
          </Badge>
        ) : (
          ""
        );
      default:
        // The movement type is the only text the server words itself (e.g. "Received"); units are
        // named as everywhere else in the app.
        if (column.key === "unit") {
          return t(`items.units.${String(value)}`, { defaultValue: String(value) });
        }
        return column.key === "type" ? localizeServerText(String(value), i18n.language) : String(value);
    }
  };
}

const TOTAL_OF = /^Total (.+)$/;

/** A totals row's label as the server words it ("Total", "Total TEA"), in the interface language. */
function useTotalLabel() {
  const { t } = useTranslation();
  return (value: Cell): string | null => {
    if (value === "Total") {
      return t("reports.total");
    }
    const of = typeof value === "string" ? TOTAL_OF.exec(value) : null;
    // The item type is a code (RAW MATERIAL, TEA), shown as it is in every language.
    return of ? t("reports.totalOf", { type: of[1] }) : null;
  };
}

interface ReportTableViewProps {
  table: ReportTable;
  /** Whether the table's own title is shown (a report of several tables). */
  withTitle: boolean;
}

/** One report table rendered from its columns: sticky header, totals at the foot, the screen limit noted. */
export function ReportTableView({ table, withTitle }: ReportTableViewProps) {
  const { t, i18n } = useTranslation();
  const format = useCellFormat();
  const totalLabel = useTotalLabel();
  const number = countFormat(numberLocale(i18n.language));
  const title = localizeServerText(table.title, i18n.language);

  const cells = (row: ReportRow, totals = false) =>
    table.columns.map((column) => {
      const value = row[column.key] ?? null;
      const label = totals && !isNumeric(column) ? totalLabel(value) : null;
      return (
        <Table.Td
          key={column.key}
          ta={isNumeric(column) ? "end" : undefined}
          style={isNumeric(column) || column.kind.startsWith("date") ? { whiteSpace: "nowrap" } : undefined}
        >
          {label ?? format(column, value)}
        </Table.Td>
      );
    });

  return (
    <Stack gap="xs" component="section" aria-label={title}>
      {withTitle ? (
        <Title order={3} size="h4">
          {title}
        </Title>
      ) : null}
      {table.rows.length === 0 ? (
        <EmptyState text={t("reports.emptyTable")} />
      ) : (
        <Table.ScrollContainer
          minWidth={table.columns.length * COLUMN_MIN_WIDTH}
          maxHeight="70vh"
          type="native"
          className={classes.scroll}
          // A scrolling block is reachable by keyboard, to scroll it with the arrow keys.
          tabIndex={0}
          role="group"
          aria-label={title}
        >
          <Table
            stickyHeader
            striped
            highlightOnHover
            tabularNums
            withTableBorder
            verticalSpacing="xs"
            aria-label={title}
            className={classes.table}
          >
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column) => (
                  <Table.Th key={column.key} ta={isNumeric(column) ? "end" : undefined}>
                    {localizeServerText(column.label, i18n.language)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no identity of their own
                <Table.Tr key={index}>{cells(row)}</Table.Tr>
              ))}
            </Table.Tbody>
            {table.totals.length > 0 ? (
              <Table.Tfoot fw={700}>
                {table.totals.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: totals rows have no identity of their own
                  <Table.Tr key={index}>{cells(row, true)}</Table.Tr>
                ))}
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      )}
      {table.totalRows > table.rows.length ? (
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
          {t("reports.showing", {
            shown: number.format(table.rows.length),
            total: number.format(table.totalRows),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
