/** The spec shows at most 5 numbered page buttons (section 9). */
export const PAGE_WINDOW_SIZE = 5;

/** The page count for `total` rows, `pageSize` a page; at least 1 so the current page always exists. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The numbered pages to show: up to `size` consecutive pages, the current one centred where possible.
 * 10 pages, page 1 -> 1..5; page 6 -> 4..8; page 10 -> 6..10.
 */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW_SIZE): number[] {
  const count = Math.min(size, totalPages);
  const current = Math.min(Math.max(page, 1), totalPages);
  const first = Math.min(Math.max(current - Math.floor(size / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}
