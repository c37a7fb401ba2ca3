import { Stack, Table } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table.tsx";
import { useAuditEntries } from "../api/audit.ts";
import { hasActiveFilters } from "../lib/audit-filters.ts";
import { AUDIT_COLUMN_COUNT, AuditEntryRow } from "./audit-entry-row.tsx";
import { AuditToolbar } from "./audit-toolbar.tsx";
import { useAuditFilters } from "./use-audit-filters.ts";

/** The audit log: filters in the URL, applied by the server, newest first, a page at a time. */
export function AuditScreen() {
  const { t } = useTranslation();
  const { filters, setFilters } = useAuditFilters();
  const entries = useAuditEntries(filters);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });

  return (
    <Stack component="section" aria-label={t("audit.title")}>
      <AuditToolbar filters={filters} onChange={setFilters} />
      <PagedTable
        list={entries}
        rowsOf={(data) => data.entries}
        renderRow={(entry) => (
          <AuditEntryRow
            key={entry.id}
            entry={entry}
            expanded={expanded.has(entry.id)}
            onToggle={() => toggle(entry.id)}
          />
        )}
        head={
          <>
            <Table.Th>{t("audit.when")}</Table.Th>
            <Table.Th>{t("audit.who")}</Table.Th>
            <Table.Th>{t("audit.entity")}</Table.Th>
            <Table.Th>{t("audit.entityId")}</Table.Th>
            <Table.Th>{t("audit.action")}</Table.Th>
            <Table.Th>{t("audit.changes")}</Table.Th>
          </>
        }
        columnCount={AUDIT_COLUMN_COUNT}
        skeletonRows={8}
        label={t("audit.tableLabel")}
        minWidth={760}
        emptyText={hasActiveFilters(filters) ? t("audit.emptyFiltered") : t("audit.empty")}
        rangeText={(range) => t("audit.pageRange", range)}
        page={filters.page}
        onPageChange={(next) => setFilters({ ...filters, page: next })}
      />
    </Stack>
  );
}
