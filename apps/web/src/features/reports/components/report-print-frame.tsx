import type { ReactNode } from "react";
import { useReport } from "../api/reports.ts";
import { WIDE_TABLE_COLUMNS } from "./report-table.tsx";
import { useReportSelection } from "./use-report-selection.ts";

/**
 * A4 landscape for the whole printed report when one of its tables is wide (reports.module.css sets
 * A4 portrait otherwise). A page-wide @page rule rather than a named page: Chromium started a new,
 * portrait page before a named-page element inside the app frame.
 */
const LANDSCAPE = "@media print { @page { size: A4 landscape; margin: 10mm; } }";

export function ReportPrintFrame({ children }: { children: ReactNode }) {
  const { generated } = useReportSelection();
  const report = useReport(generated);
  const wide = report.data?.tables.some((table) => table.columns.length > WIDE_TABLE_COLUMNS) ?? false;
  return (
    <>
      {wide ? <style>{LANDSCAPE}</style> : null}
      {children}
    </>
  );
}
