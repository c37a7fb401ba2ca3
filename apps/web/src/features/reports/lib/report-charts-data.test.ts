import type { ReportTable } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { hasValues, inOutByDay, valueByType } from "./report-charts-data.ts";

const table = (partial: Partial<ReportTable>): ReportTable => ({
  key: "t",
  title: "T",
  columns: [],
  rows: [],
  totals: [],
  totalRows: 0,
  ...partial,
});

describe("chart data", () => {
  it("takes value by type from the 'Total {TYPE}' rows, not the overall total", () => {
    const valuation = table({
      totals: [
        { itemNo: "Total RAW MATERIAL", value: "1200.50", valueAtCost: "1000.00" },
        { itemNo: "Total TEA", value: "30.00", valueAtCost: "30.00" },
        { itemNo: "Total", value: "1230.50", valueAtCost: "1030.00" },
      ],
    });
    expect(valueByType(valuation)).toEqual([
      { type: "RAW MATERIAL", value: 1200.5 },
      { type: "TEA", value: 30 },
    ]);
    expect(valueByType(undefined)).toEqual([]);
  });

  it("takes in and out per day from the days table", () => {
    const days = table({
      rows: [
        { date: "2026-03-01", in: "5", out: "0" },
        { date: "2026-03-02", in: "0", out: "2.5" },
      ],
      totals: [{ date: "Total", in: "5", out: "2.5" }],
    });
    const data = inOutByDay(days);
    expect(data).toEqual([
      { date: "2026-03-01", in: 5, out: 0 },
      { date: "2026-03-02", in: 0, out: 2.5 },
    ]);
    expect(hasValues(data, ["in", "out"])).toBe(true);
    expect(hasValues([{ in: 0, out: 0 }], ["in", "out"])).toBe(false);
  });
});
