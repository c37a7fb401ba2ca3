import { Group, Pagination } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { pageCount, pageWindow } from "../lib/page-window.ts";

interface PagePaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** Previous, up to 5 numbered pages around the current one (spec section 9), next. */
export function PagePagination({ page, totalPages, onChange }: PagePaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) {
    return null;
  }
  return (
    <Pagination.Root
      total={totalPages}
      value={page}
      onChange={onChange}
      component="nav"
      aria-label={t("pagination.label")}
    >
      <Group gap={6} justify="center">
        <Pagination.Previous aria-label={t("pagination.previous")} />
        {pageWindow(page, totalPages).map((number) => (
          <Pagination.Control
            key={number}
            active={number === page}
            aria-current={number === page ? "page" : undefined}
            aria-label={t("pagination.page", { page: number })}
            onClick={() => onChange(number)}
          >
            {number}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={t("pagination.next")} />
      </Group>
    </Pagination.Root>
  );
}

interface ListPaginationProps {
  total: number;
  pageSize: number;
  /** The page asked for; shown within range when the list has since shrunk. */
  page: number;
  onPageChange: (page: number) => void;
}

/** The pagination under a server-paged list: pages from its total, and back to the top on a change. */
export function ListPagination({ total, pageSize, page, onPageChange }: ListPaginationProps) {
  const totalPages = pageCount(total, pageSize);
  return (
    <PagePagination
      page={Math.min(page, totalPages)}
      totalPages={totalPages}
      onChange={(next) => {
        onPageChange(next);
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
