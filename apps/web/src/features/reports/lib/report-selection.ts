import type { ReportType } from "@wms/domain";
import { DateOnlySchema, REPORT_TYPES } from "@wms/domain";

/** Reports that show stock "as of" the End Date; their Start Date is not used (decision 005). */
export const AS_OF_REPORTS: ReadonlySet<ReportType> = new Set([
  "item-stock",
  "inventory-summary",
  "valuation",
]);

/** What a report is generated for: the type and its period, or, for Single Item Summary, an item and a month. */
export interface ReportSelection {
  type: ReportType | null;
  /** YYYY-MM-DD, inclusive, in the business time zone. */
  start: string;
  end: string;
  itemId: number | null;
  /** YYYY-MM. */
  month: string;
}

/** A selection that can be generated: a type, and for Single Item Summary an item. */
export type CompleteSelection = ReportSelection & { type: ReportType };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isReportType(value: string | null): value is ReportType {
  return value !== null && (REPORT_TYPES as readonly string[]).includes(value);
}

function isDate(value: string | null): value is string {
  return value !== null && DateOnlySchema.safeParse(value).success;
}

/** The default selection: no type yet, the month so far, the current month. */
export function defaultSelection(today: string): ReportSelection {
  return { type: null, start: `${today.slice(0, 8)}01`, end: today, itemId: null, month: today.slice(0, 7) };
}

/** Reads the generated selection from URL search params; missing or invalid values fall back to the defaults. */
export function parseReportSelection(params: URLSearchParams, today: string): ReportSelection {
  const defaults = defaultSelection(today);
  const type = params.get("type");
  const start = params.get("start");
  const end = params.get("end");
  const month = params.get("month");
  const itemId = Number(params.get("itemId"));
  const selection: ReportSelection = {
    type: isReportType(type) ? type : null,
    start: isDate(start) ? start : defaults.start,
    end: isDate(end) ? end : defaults.end,
    itemId: Number.isInteger(itemId) && itemId > 0 ? itemId : null,
    month: month !== null && MONTH.test(month) ? month : defaults.month,
  };
  return selection.start > selection.end ? { ...selection, end: selection.start } : selection;
}

/** The parameters a report is asked for with: only those its type uses (URL and API alike). */
export function reportParams(selection: CompleteSelection): URLSearchParams {
  const params = new URLSearchParams();
  params.set("type", selection.type);
  if (selection.type === "single-item-summary") {
    if (selection.itemId !== null) {
      params.set("itemId", String(selection.itemId));
    }
    params.set("month", selection.month);
    return params;
  }
  if (!AS_OF_REPORTS.has(selection.type)) {
    params.set("start", selection.start);
  }
  params.set("end", selection.end);
  return params;
}

/** The query string of GET /api/reports/:type and its CSV export (the type is in the path). */
export function reportQueryString(selection: CompleteSelection): string {
  const params = reportParams(selection);
  params.delete("type");
  return `?${params.toString()}`;
}

export function isComplete(selection: ReportSelection): selection is CompleteSelection {
  return selection.type !== null && (selection.type !== "single-item-summary" || selection.itemId !== null);
}

/** Whether two selections ask for the same report (fields the type does not use are ignored). */
export function sameReport(a: ReportSelection, b: ReportSelection): boolean {
  if (!isComplete(a) || !isComplete(b)) {
    return false;
  }
  return reportParams(a).toString() === reportParams(b).toString();
}

/** A new Start Date; an End Date before it moves along (changing one past the other sets both equal). */
export function withStart(selection: ReportSelection, start: string): ReportSelection {
  return { ...selection, start, end: selection.end < start ? start : selection.end };
}

export function withEnd(selection: ReportSelection, end: string): ReportSelection {
  return { ...selection, end, start: selection.start > end ? end : selection.start };
}

/** The months offered for Single Item Summary: the current one first, then `count - 1` before it. */
export function recentMonths(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + month - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}`;
  });
}
