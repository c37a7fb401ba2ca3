import type { WarehouseGridResponse } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { buildGridModel, positionKey } from "./grid-model.ts";

function position(shelf: string, section: string | null, itemCount: number) {
  return {
    locationId: shelf.length * 100 + Number(section ?? 0),
    kind: section === null ? ("container" as const) : ("grid" as const),
    shelf,
    section,
    totalQuantity: "1",
    totalValue: "10.50",
    itemCount,
  };
}

const grid: WarehouseGridResponse = {
  warehouse: {
    id: 1,
    name: "WH1",
    location: "Dubai",
    maxShelves: 28,
    sectionsPerShelf: 3,
    containerShelves: ["COLD", "DRY"],
    totalLocations: 86,
    itemCount: 3,
    totalValue: "100",
  },
  positions: [
    position("DRY", null, 1),
    position("AA", "01", 1),
    position("B", "02", 2),
    position("A", "03", 1),
  ],
};

describe("the grid model", () => {
  it("lays out every shelf and section and looks up the occupied positions", () => {
    const model = buildGridModel(grid);
    expect(model.shelves).toHaveLength(28);
    expect(model.shelves.at(-1)).toBe("AB");
    expect(model.sections).toEqual(["01", "02", "03"]);
    expect(model.containerShelves).toEqual(["COLD", "DRY"]);
    expect(model.occupied.get(positionKey("B", "02"))?.itemCount).toBe(2);
    expect(model.occupied.get(positionKey("DRY", null))?.kind).toBe("container");
    expect(model.occupied.has(positionKey("A", "01"))).toBe(false);
  });
});
