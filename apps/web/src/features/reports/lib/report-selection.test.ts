import { describe, expect, it } from "vitest";
import {
  defaultSelection,
  isComplete,
  parseReportSelection,
  recentMonths,
  reportParams,
  reportQueryString,
  sameReport,
  withEnd,
  withStart,
} from "./report-selection.ts";

const today = "2026-03-17";

describe("report selection", () => {
  it("defaults to no type, the month so far and the current month", () => {
    expect(parseReportSelection(new URLSearchParams(), today)).toEqual({
      type: null,
      start: "2026-03-01",
      end: "2026-03-17",
      itemId: null,
      month: "2026-03",
    });
  });

  it("reads a generated selection and ignores invalid values", () => {
    const params = new URLSearchParams(
      "type=valuation&start=2026-02-30&end=2026-03-05&itemId=-3&month=2026-13",
    );
    expect(parseReportSelection(params, today)).toEqual({
      type: "valuation",
      start: "2026-03-01",
      end: "2026-03-05",
      itemId: null,
      month: "2026-03",
    });
    expect(parseReportSelection(new URLSearchParams("type=nope"), today).type).toBeNull();
  });

  it("never reads a reversed period", () => {
    const params = new URLSearchParams("type=movement-history&start=2026-03-10&end=2026-03-02");
    const selection = parseReportSelection(params, today);
    expect([selection.start, selection.end]).toEqual(["2026-03-10", "2026-03-10"]);
  });

  it("asks only for what the type uses", () => {
    const base = { ...defaultSelection(today), itemId: 9 };
    expect(reportParams({ ...base, type: "stock-for-period" }).toString()).toBe(
      "type=stock-for-period&start=2026-03-01&end=2026-03-17",
    );
    expect(reportQueryString({ ...base, type: "valuation" })).toBe("?end=2026-03-17");
    expect(reportQueryString({ ...base, type: "single-item-summary" })).toBe("?itemId=9&month=2026-03");
  });

  it("is complete with a type, and for Single Item Summary an item", () => {
    expect(isComplete(defaultSelection(today))).toBe(false);
    expect(isComplete({ ...defaultSelection(today), type: "item-stock" })).toBe(true);
    expect(isComplete({ ...defaultSelection(today), type: "single-item-summary" })).toBe(false);
    expect(isComplete({ ...defaultSelection(today), type: "single-item-summary", itemId: 4 })).toBe(true);
  });

  it("compares only what a report is asked for", () => {
    const valuation = { ...defaultSelection(today), type: "valuation" as const };
    expect(sameReport(valuation, { ...valuation, start: "2026-01-01" })).toBe(true);
    expect(sameReport(valuation, { ...valuation, end: "2026-03-16" })).toBe(false);
    expect(sameReport(valuation, { ...valuation, type: "item-stock" })).toBe(false);
    expect(sameReport(defaultSelection(today), defaultSelection(today))).toBe(false);
  });

  it("sets both dates equal when one is moved past the other", () => {
    const selection = { ...defaultSelection(today), start: "2026-03-05", end: "2026-03-10" };
    expect(withStart(selection, "2026-03-12")).toMatchObject({ start: "2026-03-12", end: "2026-03-12" });
    expect(withStart(selection, "2026-03-07")).toMatchObject({ start: "2026-03-07", end: "2026-03-10" });
    expect(withEnd(selection, "2026-03-01")).toMatchObject({ start: "2026-03-01", end: "2026-03-01" });
    expect(withEnd(selection, "2026-03-08")).toMatchObject({ start: "2026-03-05", end: "2026-03-08" });
  });

  it("offers recent months, newest first, across years", () => {
    expect(recentMonths("2026-02-10", 4)).toEqual(["2026-02", "2026-01", "2025-12", "2025-11"]);
  });
});
