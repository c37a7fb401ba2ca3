import { Skeleton, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { ListPagination } from "../../../components/page-pagination.tsx";
import { numberLocale } from "../../../lib/format-number.ts";
import { useAuditEntries } from "../api/audit.ts";
import { hasActiveFilters } from "../lib/audit-filters.ts";
import { AUDIT_COLUMN_COUNT, AuditEntryRow } from "./audit-entry-row.tsx";
import { AuditToolbar } from "./audit-toolbar.tsx";
import { useAuditFilters } from "./use-audit-filters.ts";

function TableSkeleton() {
  return Array.from({ length: 8 }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Table.Tr key={row}>
      {Array.from({ length: AUDIT_COLUMN_COUNT }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Td key={cell}>
          <Skeleton height={12} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** The audit log: filters in the URL, applied by the server, newest first, a page at a time. */
export function AuditScreen() {
  const { t, i18n } = useTranslation();
  const { filters, setFilters } = useAuditFilters();
  const entries = useAuditEntries(filters);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const number = new Intl.NumberFormat(numberLocale(i18n.language));

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });

  let rows: ReactNode;
  let footer: ReactNode = null;
  if (entries.isPending) {
    rows = <TableSkeleton />;
  } else if (entries.isError) {
    footer = (
      <ErrorState error={entries.error} onRetry={() => entries.refetch()} retrying={entries.isFetching} />
    );
  } else {
    const { total, page, pageSize } = entries.data;
    const pagination = (
      <ListPagination
        total={total}
        pageSize={pageSize}
        page={filters.page}
        onPageChange={(next) => setFilters({ ...filters, page: next })}
      />
    );
    if (entries.data.entries.length === 0) {
      footer = (
        <>
          <EmptyState text={hasActiveFilters(filters) ? t("audit.emptyFiltered") : t("audit.empty")} />
          {total > 0 ? pagination : null}
        </>
      );
    } else {
      const from = (page - 1) * pageSize + 1;
      rows = entries.data.entries.map((entry) => (
        <AuditEntryRow
          key={entry.id}
          entry={entry}
          expanded={expanded.has(entry.id)}
          onToggle={() => toggle(entry.id)}
        />
      ));
      footer = (
        <>
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }} aria-live="polite">
            {t("audit.pageRange", {
              from: number.format(from),
              to: number.format(from + entries.data.entries.length - 1),
              total: number.format(total),
            })}
          </Text>
          {pagination}
        </>
      );
    }
  }

  return (
    <Stack component="section" aria-label={t("audit.title")}>
      <AuditToolbar filters={filters} onChange={setFilters} />
      {rows === undefined ? null : (
        <Table.ScrollContainer minWidth={760}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            aria-label={t("audit.tableLabel")}
            aria-busy={entries.isPending || entries.isPlaceholderData}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("audit.when")}</Table.Th>
                <Table.Th>{t("audit.who")}</Table.Th>
                <Table.Th>{t("audit.entity")}</Table.Th>
                <Table.Th>{t("audit.entityId")}</Table.Th>
                <Table.Th>{t("audit.action")}</Table.Th>
                <Table.Th>{t("audit.changes")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {footer}
    </Stack>
  );
}
