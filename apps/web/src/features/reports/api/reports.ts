import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import type { ReportResponse } from "@wms/domain";
import { apiRequest } from "../../../lib/api-client.ts";
import { type CsvFile, fetchCsv, saveFile } from "../../../lib/csv-download.ts";
import type { CompleteSelection } from "../lib/report-selection.ts";
import { reportQueryString } from "../lib/report-selection.ts";

/** Every report query lives under this root. */
export const reportsQueryKey = ["reports"] as const;

export function fetchReport(selection: CompleteSelection, signal?: AbortSignal): Promise<ReportResponse> {
  return apiRequest<ReportResponse>(
    `/reports/${selection.type}${reportQueryString(selection)}`,
    signal ? { signal } : {},
  );
}

export function reportQueryKey(selection: CompleteSelection) {
  return [...reportsQueryKey, selection.type, reportQueryString(selection)] as const;
}

/**
 * The report of the generated selection; nothing is asked for until there is one. It is asked for when
 * Search is pressed and then kept as generated: no refetch on focus or reconnect, so the figures on
 * screen match what Export CSV downloads until Search is pressed again.
 */
export function useReport(selection: CompleteSelection | null) {
  return useQuery({
    queryKey: selection ? reportQueryKey(selection) : [...reportsQueryKey, "none"],
    queryFn: selection ? ({ signal }) => fetchReport(selection, signal) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** GET /api/reports/:type/csv: the server's CSV file of the selection. */
export function fetchReportCsv(selection: CompleteSelection): Promise<CsvFile> {
  return fetchCsv(`/reports/${selection.type}/csv${reportQueryString(selection)}`, `${selection.type}.csv`);
}

/** Export CSV: downloads the generated report's CSV (a mutation, so a session that ended is noticed). */
export function useExportReportCsv() {
  return useMutation({
    mutationFn: fetchReportCsv,
    onSuccess: saveFile,
  });
}
