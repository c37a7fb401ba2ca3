import type { PositionContents, WarehouseInventoryResponse } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { inventoryCsv, inventoryFileName, locationCsv, locationFileName } from "./grid-export.ts";

function item(itemId: number, itemNo: string, name: string, quantity = "2") {
  return {
    itemId,
    itemNo,
    name,
    description: "",
    type: "TEA",
    unit: "kilogram",
    unitPrice: "10.5",
    quantity,
    value: String(Number(quantity) * 10.5),
  };
}

function position(shelf: string, section: string | null, items: PositionContents["items"]): PositionContents {
  return {
    locationId: shelf.length * 100 + Number(section ?? 0),
    kind: section === null ? "container" : "grid",
    shelf,
    section,
    totalQuantity: "0",
    totalValue: "0",
    items,
  };
}

const inventory: WarehouseInventoryResponse = {
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
    position("DRY", null, [item(3, "=SUM(A1)", "تمر")]),
    position("AA", "01", [item(2, "T-2", "Black tea")]),
    position("B", "02", [item(1, "T-1", "Green tea"), item(2, "T-2", "Black tea", "1.25")]),
    position("A", "03", [item(1, "T-1", "Green tea")]),
  ],
};

describe("the CSV exports", () => {
  it("writes one row per item per position in layout order, with a BOM and neutralised formulas", () => {
    const csv = inventoryCsv(inventory);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      '"Item Number","Name","Description","Type","Unit","Unit Price","Quantity","Warehouse","Shelf","Section"',
    );
    expect(lines.slice(1).map((line) => line.split(",").slice(-2).join(","))).toEqual([
      '"A","03"',
      '"B","02"',
      '"B","02"',
      '"AA","01"',
      '"DRY",""',
    ]);
    expect(lines[2]).toBe('"T-1","Green tea","","TEA","kilogram","10.5","2","WH1","B","02"');
    expect(lines[5]).toBe(`"'=SUM(A1)","تمر","","TEA","kilogram","10.5","2","WH1","DRY",""`);
  });

  it("exports one location and names the files after the warehouse and position", () => {
    const [dry] = inventory.positions;
    if (!dry) {
      throw new Error("fixture");
    }
    expect(locationCsv("WH1", dry).split("\r\n")).toHaveLength(3);
    expect(inventoryFileName("WH1")).toBe("WH1_Inventory.csv");
    expect(locationFileName("WH1", "B", "02")).toBe("WH1_B02.csv");
    expect(locationFileName("WH1", "DRY", null)).toBe("WH1_DRY.csv");
  });
});
