import { Skeleton, Table, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { countFormat, numberLocale } from "../lib/format-number.ts";
import { EmptyState } from "./empty-state.tsx";
import { ErrorState } from "./error-state.tsx";
import { ListPagination } from "./page-pagination.tsx";

/** What every server-paged list answers besides its rows. */
interface PageOf {
  total: number;
  page: number;
  pageSize: number;
}

interface PagedTableProps<Data extends PageOf, Row> {
  list: UseQueryResult<Data>;
  rowsOf: (data: Data) => Row[];
  renderRow: (row: Row) => ReactNode;
  /** The header row's cells. */
  head: ReactNode;
  columnCount: number;
  /** The table's accessible name. */
  label: string;
  /** Below this width the table scrolls inside its block rather than squeezing its columns. */
  minWidth: number;
  emptyText: string;
  /** What a failed load says when the failure gives no reason, e.g. "Failed to load movements…". */
  errorText?: string;
  /** "Showing {from}–{to} of {total}" in the list's own words. */
  rangeText: (range: { from: string; to: string; total: string }) => string;
  /** The page asked for (the answer's page may lag behind while the next one loads). */
  page: number;
  onPageChange: (page: number) => void;
  skeletonRows?: number;
}

function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Table.Tr key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Td key={cell}>
          <Skeleton height={12} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/**
 * A server-paged table with its designed states: skeleton rows while the first page loads, the error
 * with a retry, the empty text (with the pages still offered when a later page came back empty), and
 * the "showing from-to of total" line with the page buttons under the rows.
 */
export function PagedTable<Data extends PageOf, Row>(props: PagedTableProps<Data, Row>) {
  const { list, columnCount, page, onPageChange } = props;
  const { i18n } = useTranslation();
  const number = countFormat(numberLocale(i18n.language));

  let rows: ReactNode;
  let footer: ReactNode = null;
  if (list.isPending) {
    rows = <SkeletonRows rows={props.skeletonRows ?? 6} columns={columnCount} />;
  } else if (list.isError) {
    footer = (
      <ErrorState
        error={list.error}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
        texts={{ unexpected: props.errorText }}
      />
    );
  } else {
    const { total, pageSize } = list.data;
    const shown = props.rowsOf(list.data);
    const pagination = (
      <ListPagination total={total} pageSize={pageSize} page={page} onPageChange={onPageChange} />
    );
    if (shown.length === 0) {
      footer = (
        <>
          <EmptyState text={props.emptyText} />
          {total > 0 ? pagination : null}
        </>
      );
    } else {
      const from = (list.data.page - 1) * pageSize + 1;
      rows = shown.map(props.renderRow);
      footer = (
        <>
          <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }} aria-live="polite">
            {props.rangeText({
              from: number.format(from),
              to: number.format(from + shown.length - 1),
              total: number.format(total),
            })}
          </Text>
          {pagination}
        </>
      );
    }
  }

  return (
    <>
      {rows === undefined ? null : (
        <Table.ScrollContainer minWidth={props.minWidth}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            aria-label={props.label}
            aria-busy={list.isPending || list.isPlaceholderData}
          >
            <Table.Thead>
              <Table.Tr>{props.head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {footer}
    </>
  );
}
