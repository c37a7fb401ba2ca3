import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Table, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconUpload } from "@tabler/icons-react";
import type { ImportField, ImportPreviewResponse, ImportPreviewRow } from "@wms/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagePagination } from "../../../components/page-pagination.tsx";
import { localizeServerText } from "../../../i18n/server-messages.ts";
import { countFormat, numberLocale } from "../../../lib/format-number.ts";
import { pageCount } from "../../../lib/page-window.ts";

/** Rows a preview page shows: a 10 MB file may hold about 100,000 of them. */
export const PREVIEW_PAGE_SIZE = 50;

interface PreviewStepProps {
  preview: ImportPreviewResponse;
  /** True while the same file is being checked again (after Try Again). */
  refreshing: boolean;
  onBack: () => void;
  onCommit: () => void;
}

/** Step 2: every row with its values and errors, the counts, and nothing written yet. */
export function PreviewStep({ preview, refreshing, onBack, onCommit }: PreviewStepProps) {
  const { t, i18n } = useTranslation();
  const number = countFormat(numberLocale(i18n.language));
  const { summary } = preview;
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const rows = onlyErrors ? preview.rows.filter((row) => row.errors.length > 0) : preview.rows;
  const totalPages = pageCount(rows.length, PREVIEW_PAGE_SIZE);
  const current = Math.min(page, totalPages);
  const shown = rows.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE);

  const counts = [
    { label: t("bulkUpload.summary.rows"), value: summary.rows },
    { label: t("bulkUpload.summary.items"), value: summary.items },
    { label: t("bulkUpload.summary.movements"), value: summary.movements },
    { label: t("bulkUpload.summary.rowsWithErrors"), value: summary.rowsWithErrors, bad: true },
    { label: t("bulkUpload.summary.errors"), value: summary.errorCount, bad: true },
  ];

  return (
    <Stack>
      <Text size="sm" fw={500}>
        {t("bulkUpload.fileName", { fileName: summary.fileName })}
      </Text>
      <SimpleGrid
        cols={{ base: 2, sm: 5 }}
        spacing="xs"
        aria-label={t("bulkUpload.summary.label")}
        role="list"
      >
        {counts.map((count) => (
          <Paper key={count.label} withBorder radius="md" p="xs" role="listitem">
            <Text size="xs" c="dimmed">
              {count.label}
            </Text>
            <Text fw={600} c={count.bad && count.value > 0 ? "red" : undefined}>
              {number.format(count.value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {preview.canCommit ? (
        <Alert color="blue" variant="light" icon={<IconCircleCheck aria-hidden />}>
          {t("bulkUpload.nothingSaved")}
        </Alert>
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {summary.rows === 0
            ? t("bulkUpload.noRows")
            : t("bulkUpload.fixErrors", { count: summary.rowsWithErrors })}
        </Alert>
      )}
      {summary.rowsWithErrors > 0 ? (
        <Switch
          label={t("bulkUpload.onlyErrors")}
          checked={onlyErrors}
          onChange={(event) => {
            setOnlyErrors(event.currentTarget.checked);
            setPage(1);
          }}
        />
      ) : null}
      <PreviewTable columns={preview.columns} rows={shown} />
      <PagePagination page={current} totalPages={totalPages} onChange={setPage} />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={refreshing}>
          {t("bulkUpload.chooseAnother")}
        </Button>
        <Button
          leftSection={<IconUpload size={18} aria-hidden />}
          disabled={!preview.canCommit}
          loading={refreshing}
          onClick={onCommit}
        >
          {t("bulkUpload.commit", { count: summary.items })}
        </Button>
      </Group>
    </Stack>
  );
}

function PreviewTable({ columns, rows }: { columns: ImportField[]; rows: ImportPreviewRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900} maxHeight={420}>
      <Table striped withTableBorder stickyHeader aria-label={t("bulkUpload.rowsLabel")} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("bulkUpload.row")}</Table.Th>
            {columns.map((field) => (
              <Table.Th key={field}>{t(`bulkUpload.columns.${field}`)}</Table.Th>
            ))}
            <Table.Th>{t("bulkUpload.location")}</Table.Th>
            <Table.Th>{t("bulkUpload.errorsColumn")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const badFields = new Set(row.errors.map((error) => error.field));
            return (
              <Table.Tr
                key={row.row}
                aria-label={t("bulkUpload.rowLabel", { row: row.row })}
                bg={row.errors.length > 0 ? "var(--mantine-color-red-light)" : undefined}
              >
                <Table.Td>{row.row}</Table.Td>
                {columns.map((field) => (
                  <Table.Td key={field} c={badFields.has(field) ? "red" : undefined}>
                    {row.values[field]}
                  </Table.Td>
                ))}
                <Table.Td>{row.location?.code ?? ""}</Table.Td>
                <Table.Td>
                  {row.errors.map((error) => (
                    <Text key={`${error.field ?? ""}:${error.message}`} size="sm" c="red">
                      {localizeServerText(error.message, i18n.language)}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
