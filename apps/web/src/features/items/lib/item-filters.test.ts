import { describe, expect, it } from "vitest";
import {
  DEFAULT_ITEM_FILTERS,
  hasActiveFilters,
  itemFiltersToParams,
  itemsQueryString,
  parseItemFilters,
  withFilterChange,
} from "./item-filters.ts";

describe("item filters in the URL", () => {
  it("read defaults from an empty query", () => {
    expect(parseItemFilters(new URLSearchParams())).toEqual(DEFAULT_ITEM_FILTERS);
  });

  it("round-trip through search params", () => {
    const filters = { search: "tea", type: "RAW_MATERIAL" as const, lowStock: true, page: 3 };
    expect(parseItemFilters(itemFiltersToParams(filters))).toEqual(filters);
    expect(itemsQueryString(filters)).toBe("?search=tea&type=RAW_MATERIAL&lowStock=true&page=3");
  });

  it("ignore unknown types and bad pages", () => {
    expect(parseItemFilters(new URLSearchParams("type=NOPE&page=-2&lowStock=yes"))).toEqual(
      DEFAULT_ITEM_FILTERS,
    );
    expect(parseItemFilters(new URLSearchParams("page=1.5")).page).toBe(1);
  });

  it("leave defaults and blank searches out", () => {
    expect(itemsQueryString({ ...DEFAULT_ITEM_FILTERS, search: "   " })).toBe("");
  });

  it("go back to page 1 when a filter changes", () => {
    expect(withFilterChange({ ...DEFAULT_ITEM_FILTERS, page: 4 }, { type: "TEA" })).toEqual({
      ...DEFAULT_ITEM_FILTERS,
      type: "TEA",
      page: 1,
    });
  });

  it("know whether anything narrows the list", () => {
    expect(hasActiveFilters(DEFAULT_ITEM_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_ITEM_FILTERS, lowStock: true })).toBe(true);
  });
});
