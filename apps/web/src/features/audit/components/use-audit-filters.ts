import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { AuditFilters } from "../lib/audit-filters.ts";
import { auditFiltersToParams, parseAuditFilters } from "../lib/audit-filters.ts";

/** The audit list's filters, kept in the URL search params. */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseAuditFilters(params), [params]);
  const setFilters = useCallback(
    (next: AuditFilters, options: { replace?: boolean } = {}) => {
      setParams(auditFiltersToParams(next), { replace: options.replace ?? false });
    },
    [setParams],
  );
  return { filters, setFilters };
}
