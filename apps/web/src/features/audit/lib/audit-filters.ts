import { DateOnlySchema } from "@wms/domain";

/** The audit list's filters and page, kept in the URL so reload and back keep them. */
export interface AuditFilters {
  entity: string | null;
  action: string | null;
  /** Who made the change (a user's id). */
  actorId: number | null;
  /** YYYY-MM-DD, inclusive, in the business time zone; empty for no bound. */
  from: string;
  to: string;
  search: string;
  page: number;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  entity: null,
  action: null,
  actorId: null,
  from: "",
  to: "",
  search: "",
  page: 1,
};

/** The server accepts lower-case names only; anything else in the URL is ignored. */
const NAME = /^[a-z_]{1,40}$/;

function name(value: string | null): string | null {
  return value !== null && NAME.test(value) ? value : null;
}

function date(value: string | null): string {
  return value !== null && DateOnlySchema.safeParse(value).success ? value : "";
}

function positive(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 && number <= 2_147_483_647 ? number : null;
}

/** Reads the filters from URL search params; missing or invalid values are left out. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {
    entity: name(params.get("entity")),
    action: name(params.get("action")),
    actorId: positive(params.get("actorId")),
    from: date(params.get("from")),
    to: date(params.get("to")),
    search: (params.get("search") ?? "").trim(),
    page: positive(params.get("page")) ?? 1,
  };
  return filters.from !== "" && filters.to !== "" && filters.from > filters.to
    ? { ...filters, to: filters.from }
    : filters;
}

/** The filters as search params, page included unless `withPage` is false (the CSV has no pages). */
export function auditFiltersToParams(filters: AuditFilters, withPage = true): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.entity) {
    params.set("entity", filters.entity);
  }
  if (filters.action) {
    params.set("action", filters.action);
  }
  if (filters.actorId !== null) {
    params.set("actorId", String(filters.actorId));
  }
  if (filters.from) {
    params.set("from", filters.from);
  }
  if (filters.to) {
    params.set("to", filters.to);
  }
  const search = filters.search.trim();
  if (search !== "") {
    params.set("search", search);
  }
  if (withPage && filters.page > 1) {
    params.set("page", String(filters.page));
  }
  return params;
}

/** "?entity=item&page=2", or "" when nothing is set. */
export function auditQueryString(filters: AuditFilters, withPage = true): string {
  const query = auditFiltersToParams(filters, withPage).toString();
  return query === "" ? "" : `?${query}`;
}

/** Changing what is looked for starts again from the first page. */
export function withFilterChange(
  filters: AuditFilters,
  change: Partial<Omit<AuditFilters, "page">>,
): AuditFilters {
  return { ...filters, ...change, page: 1 };
}

/** A new start of the period; an end before it moves along, so the period is never reversed. */
export function withFrom(filters: AuditFilters, from: string): AuditFilters {
  return withFilterChange(filters, {
    from,
    to: from !== "" && filters.to !== "" && filters.to < from ? from : filters.to,
  });
}

export function withTo(filters: AuditFilters, to: string): AuditFilters {
  return withFilterChange(filters, {
    to,
    from: to !== "" && filters.from !== "" && filters.from > to ? to : filters.from,
  });
}

export function hasActiveFilters(filters: AuditFilters): boolean {
  return auditQueryString({ ...filters, page: 1 }) !== "";
}
