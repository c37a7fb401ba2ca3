import { describe, expect, it } from "vitest";
import { shownWarehouseId } from "./shown-warehouse.ts";

const list = [{ id: 4 }, { id: 9 }];

describe("shownWarehouseId", () => {
  it("shows the warehouse asked for while the list loads", () => {
    expect(shownWarehouseId(undefined, 9)).toBe(9);
    expect(shownWarehouseId(undefined, null)).toBeNull();
  });

  it("shows the one asked for when it exists", () => {
    expect(shownWarehouseId(list, 9)).toBe(9);
  });

  it("shows the first when none or a missing one is asked for", () => {
    expect(shownWarehouseId(list, null)).toBe(4);
    expect(shownWarehouseId(list, 77)).toBe(4);
  });

  it("shows none when there are none", () => {
    expect(shownWarehouseId([], 9)).toBeNull();
    expect(shownWarehouseId([], null)).toBeNull();
  });
});
