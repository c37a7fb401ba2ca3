import type { ReportTable } from "@wms/domain";

export interface TypeValue {
  type: string;
  value: number;
}

export interface DayInOut {
  date: string;
  in: number;
  out: number;
}

const TYPE_TOTAL = /^Total (.+)$/;

/** Value by item type, from Valuation's "Total {TYPE}" totals rows (the overall "Total" left out). */
export function valueByType(table: ReportTable | undefined): TypeValue[] {
  if (!table) {
    return [];
  }
  return table.totals.flatMap((row) => {
    const match = typeof row.itemNo === "string" ? TYPE_TOTAL.exec(row.itemNo) : null;
    const value = Number(row.value);
    return match?.[1] && Number.isFinite(value) ? [{ type: match[1], value }] : [];
  });
}

/** In and out per day, from Single Item Summary's days table. */
export function inOutByDay(table: ReportTable | undefined): DayInOut[] {
  if (!table) {
    return [];
  }
  return table.rows.flatMap((row) =>
    typeof row.date === "string"
      ? [{ date: row.date, in: Number(row.in ?? 0), out: Number(row.out ?? 0) }]
      : [],
  );
}

/** Whether a chart would show anything: some bar that is not zero. */
export function hasValues<T extends object>(data: T[], keys: (keyof T)[]): boolean {
  return data.some((entry) => keys.some((key) => Number(entry[key]) !== 0));
}
