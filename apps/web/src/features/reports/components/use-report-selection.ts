import { todayIn } from "@wms/domain";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useBusinessTimeZone } from "../../../lib/app-info.ts";
import type { CompleteSelection, ReportSelection } from "../lib/report-selection.ts";
import { isComplete, parseReportSelection, reportParams } from "../lib/report-selection.ts";

/**
 * The generated report's selection, kept in the URL search params (reload and back keep the report);
 * Search writes it. "Today" is the business time zone's, so defaults are the same on every device.
 */
export function useReportSelection() {
  const timeZone = useBusinessTimeZone();
  const today = todayIn(timeZone);
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => parseReportSelection(params, today), [params, today]);
  const generated: CompleteSelection | null = isComplete(selection) ? selection : null;
  const generate = useCallback(
    (next: CompleteSelection) => {
      setParams(reportParams(next));
    },
    [setParams],
  );
  return { selection, generated, generate, today };
}

export type { ReportSelection };
