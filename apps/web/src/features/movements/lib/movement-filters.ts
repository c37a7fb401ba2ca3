import type { MovementType } from "@wms/domain";
import { addDays, DateOnlySchema, MOVEMENT_TYPES } from "@wms/domain";

/** The default period: the last 30 days, ending today (spec section 9). */
export const DEFAULT_PERIOD_DAYS = 30;

/** The movement list's filters and page, as kept in the URL so reload and back keep them. */
export interface MovementFilters {
  type: MovementType | null;
  /** YYYY-MM-DD, inclusive, in the business time zone. */
  from: string;
  to: string;
  search: string;
  page: number;
}

export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: addDays(today, -DEFAULT_PERIOD_DAYS), to: today };
}

function isMovementType(value: string | null): value is MovementType {
  return value !== null && (MOVEMENT_TYPES as readonly string[]).includes(value);
}

function isDate(value: string | null): value is string {
  return value !== null && DateOnlySchema.safeParse(value).success;
}

/** Reads the filters from URL search params; missing or invalid values fall back to the defaults. */
export function parseMovementFilters(params: URLSearchParams, today: string): MovementFilters {
  const period = defaultPeriod(today);
  const type = params.get("type");
  const from = params.get("from");
  const to = params.get("to");
  const page = Number(params.get("page"));
  const filters: MovementFilters = {
    type: isMovementType(type) ? type : null,
    from: isDate(from) ? from : period.from,
    to: isDate(to) ? to : period.to,
    search: params.get("search") ?? "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  return filters.from > filters.to ? { ...filters, to: filters.from } : filters;
}

/** Writes the filters as URL search params, leaving the defaults out so URLs stay short. */
export function movementFiltersToParams(filters: MovementFilters, today: string): URLSearchParams {
  const period = defaultPeriod(today);
  const params = new URLSearchParams();
  if (filters.type) {
    params.set("type", filters.type);
  }
  if (filters.from !== period.from || filters.to !== period.to) {
    params.set("from", filters.from);
    params.set("to", filters.to);
  }
  const search = filters.search.trim();
  if (search !== "") {
    params.set("search", search);
  }
  if (filters.page > 1) {
    params.set("page", String(filters.page));
  }
  return params;
}

/** The query string GET /api/movements receives: the period always, the rest when set. */
export function movementsQueryString(filters: MovementFilters): string {
  const params = new URLSearchParams();
  if (filters.type) {
    params.set("type", filters.type);
  }
  params.set("from", filters.from);
  params.set("to", filters.to);
  const search = filters.search.trim();
  if (search !== "") {
    params.set("search", search);
  }
  if (filters.page > 1) {
    params.set("page", String(filters.page));
  }
  return `?${params.toString()}`;
}

/** Changing what is searched starts again from the first page. */
export function withFilterChange(
  filters: MovementFilters,
  change: Partial<Omit<MovementFilters, "page">>,
): MovementFilters {
  return { ...filters, ...change, page: 1 };
}

/**
 * A new start of the period; an end before it moves along with it, so the period is never reversed
 * (changing one date past the other sets both equal).
 */
export function withFrom(filters: MovementFilters, from: string): MovementFilters {
  return withFilterChange(filters, { from, to: filters.to < from ? from : filters.to });
}

export function withTo(filters: MovementFilters, to: string): MovementFilters {
  return withFilterChange(filters, { to, from: filters.from > to ? to : filters.from });
}

export function hasActiveFilters(filters: MovementFilters, today: string): boolean {
  const period = defaultPeriod(today);
  return (
    filters.type !== null ||
    filters.search.trim() !== "" ||
    filters.from !== period.from ||
    filters.to !== period.to
  );
}
