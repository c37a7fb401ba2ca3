import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ListAuditResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { fetchCsv, saveFile } from "../../../lib/csv-download.ts";
import type { AuditFilters } from "../lib/audit-filters.ts";
import { auditQueryString } from "../lib/audit-filters.ts";

/** Every audit query lives under this root. */
export const auditQueryKey = ["audit"] as const;

export function fetchAuditEntries(filters: AuditFilters, signal?: AbortSignal): Promise<ListAuditResponse> {
  return apiRequest<ListAuditResponse>(`/audit${auditQueryString(filters)}`, signal ? { signal } : {});
}

export function auditListQueryOptions(filters: AuditFilters) {
  return queryOptions({
    queryKey: [...auditQueryKey, "list", filters],
    queryFn: ({ signal }) => fetchAuditEntries(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the log, filtered on the server. */
export function useAuditEntries(filters: AuditFilters) {
  return useQuery(auditListQueryOptions(filters));
}

/** Export CSV: every entry matching the filters (not only the page shown), as the server writes it. */
export function useExportAuditCsv() {
  return useMutation({
    mutationFn: (filters: AuditFilters) =>
      fetchCsv(`/audit/csv${auditQueryString(filters, false)}`, "audit_log.csv"),
    onSuccess: saveFile,
  });
}
