import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import type { ReportResponse } from "@wms/domain";
import { ApiError, apiRequest, toApiError } from "../../../lib/api-client.ts";
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

export interface CsvFile {
  fileName: string;
  blob: Blob;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/** GET /api/reports/:type/csv: the server's CSV file (RFC 4180, BOM, formulas neutralised). */
export async function fetchReportCsv(selection: CompleteSelection): Promise<CsvFile> {
  let response: Response;
  try {
    response = await fetch(`/api/reports/${selection.type}/csv${reportQueryString(selection)}`, {
      credentials: "same-origin",
      headers: { Accept: "text/csv" },
    });
  } catch {
    throw new ApiError("NETWORK_ERROR", "", 0);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw toApiError(response.status, body);
  }
  return {
    fileName: fileNameOf(response.headers.get("content-disposition"), `${selection.type}.csv`),
    blob: await response.blob(),
  };
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ fileName, blob }: CsvFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Export CSV: downloads the generated report's CSV (a mutation, so a session that ended is noticed). */
export function useExportReportCsv() {
  return useMutation({
    mutationFn: fetchReportCsv,
    onSuccess: saveFile,
  });
}
