import type { ItemType } from "@wms/domain";
import { ITEM_TYPES } from "@wms/domain";

/** The item list's filters and page, as kept in the URL so reload and back keep them. */
export interface ItemFilters {
  search: string;
  type: ItemType | null;
  lowStock: boolean;
  page: number;
}

export const DEFAULT_ITEM_FILTERS: ItemFilters = { search: "", type: null, lowStock: false, page: 1 };

function isItemType(value: string | null): value is ItemType {
  return value !== null && (ITEM_TYPES as readonly string[]).includes(value);
}

/** Reads the filters from URL search params; anything unknown falls back to the default. */
export function parseItemFilters(params: URLSearchParams): ItemFilters {
  const type = params.get("type");
  const page = Number(params.get("page"));
  return {
    search: params.get("search") ?? "",
    type: isItemType(type) ? type : null,
    lowStock: params.get("lowStock") === "true",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes the filters as URL search params, leaving defaults out so URLs stay short. */
export function itemFiltersToParams(filters: ItemFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search !== "") {
    params.set("search", search);
  }
  if (filters.type) {
    params.set("type", filters.type);
  }
  if (filters.lowStock) {
    params.set("lowStock", "true");
  }
  if (filters.page > 1) {
    params.set("page", String(filters.page));
  }
  return params;
}

/** The query string GET /api/items receives. */
export function itemsQueryString(filters: ItemFilters): string {
  const params = itemFiltersToParams(filters);
  return params.size === 0 ? "" : `?${params.toString()}`;
}

/** Changing what is searched starts again from the first page. */
export function withFilterChange(
  filters: ItemFilters,
  change: Partial<Omit<ItemFilters, "page">>,
): ItemFilters {
  return { ...filters, ...change, page: 1 };
}

export function hasActiveFilters(filters: ItemFilters): boolean {
  return filters.search.trim() !== "" || filters.type !== null || filters.lowStock;
}
