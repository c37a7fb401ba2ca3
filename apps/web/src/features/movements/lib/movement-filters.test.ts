import { describe, expect, it } from "vitest";
import {
  defaultPeriod,
  movementFiltersToParams,
  movementsQueryString,
  parseMovementFilters,
  withFrom,
  withTo,
} from "./movement-filters.ts";

const today = "2026-03-15";

describe("movement filters", () => {
  it("default to every type over the last 30 days ending today", () => {
    expect(parseMovementFilters(new URLSearchParams(), today)).toEqual({
      type: null,
      from: "2026-02-13",
      to: "2026-03-15",
      search: "",
      page: 1,
    });
    expect(defaultPeriod("2026-01-10")).toEqual({ from: "2025-12-11", to: "2026-01-10" });
  });

  it("read the URL and ignore what is not valid", () => {
    const params = new URLSearchParams("type=moved&from=2026-01-01&to=2026-01-31&search=tea&page=3");
    expect(parseMovementFilters(params, today)).toEqual({
      type: "moved",
      from: "2026-01-01",
      to: "2026-01-31",
      search: "tea",
      page: 3,
    });
    const bad = new URLSearchParams("type=stolen&from=2026-02-30&to=yesterday&page=-1");
    expect(parseMovementFilters(bad, today)).toMatchObject({
      type: null,
      from: "2026-02-13",
      to: today,
      page: 1,
    });
  });

  it("never read a reversed period", () => {
    const params = new URLSearchParams("from=2026-03-10&to=2026-03-01");
    expect(parseMovementFilters(params, today)).toMatchObject({ from: "2026-03-10", to: "2026-03-10" });
  });

  it("round-trip through the URL, leaving defaults out", () => {
    const filters = parseMovementFilters(new URLSearchParams(), today);
    expect(movementFiltersToParams(filters, today).toString()).toBe("");
    const changed = { ...filters, type: "received" as const, from: "2026-03-01", search: " box ", page: 2 };
    const params = movementFiltersToParams(changed, today);
    expect(params.toString()).toBe("type=received&from=2026-03-01&to=2026-03-15&search=box&page=2");
    expect(parseMovementFilters(params, today)).toEqual({ ...changed, search: "box" });
  });

  it("always send the period to the server", () => {
    const filters = parseMovementFilters(new URLSearchParams(), today);
    expect(movementsQueryString(filters)).toBe("?from=2026-02-13&to=2026-03-15");
  });

  it("set both dates equal when one passes the other, and go back to page 1", () => {
    const filters = { type: null, from: "2026-03-01", to: "2026-03-10", search: "", page: 4 };
    expect(withFrom(filters, "2026-03-12")).toEqual({
      ...filters,
      from: "2026-03-12",
      to: "2026-03-12",
      page: 1,
    });
    expect(withFrom(filters, "2026-03-05")).toEqual({ ...filters, from: "2026-03-05", page: 1 });
    expect(withTo(filters, "2026-02-20")).toEqual({
      ...filters,
      from: "2026-02-20",
      to: "2026-02-20",
      page: 1,
    });
    expect(withTo(filters, "2026-03-20")).toEqual({ ...filters, to: "2026-03-20", page: 1 });
  });
});
