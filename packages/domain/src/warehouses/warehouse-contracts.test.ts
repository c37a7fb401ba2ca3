import { describe, expect, it } from "vitest";
import { CreateMovementRequestSchema } from "../movements/movement.ts";
import { CreatePurchaseRequestSchema } from "../purchases/purchase.ts";
import { WarehouseLayoutSchema } from "./warehouse-contracts.ts";

const issueOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("warehouse layout counts", () => {
  it("takes a JSON number or the text of a number input", () => {
    expect(
      WarehouseLayoutSchema.parse({ name: "W", location: "X", maxShelves: "12", sectionsPerShelf: " 7 " }),
    ).toMatchObject({ maxShelves: 12, sectionsPerShelf: 7 });
    expect(WarehouseLayoutSchema.parse({ name: "W", location: "X" })).toMatchObject({
      maxShelves: 10,
      sectionsPerShelf: 3,
    });
  });

  it.each([true, [5], "", "five", null])("refuses %j as a count instead of coercing it", (value) => {
    const result = WarehouseLayoutSchema.safeParse({ name: "W", location: "X", maxShelves: value });
    expect(issueOf(result)).toEqual(["maxShelves: Shelves must be a number"]);
  });
});

describe("an empty quantity", () => {
  it("gets the spec's 'Quantity must be greater than 0' on a movement and a purchase line", () => {
    const movement = CreateMovementRequestSchema.safeParse({
      type: "received",
      itemId: 1,
      quantity: "",
      toLocationId: 1,
      managedBy: 1,
      reason: "Delivery",
    });
    expect(issueOf(movement)).toContain("quantity: Quantity must be greater than 0");
    const purchase = CreatePurchaseRequestSchema.safeParse({
      invoiceNumber: "I",
      supplierName: "S",
      date: "2026-01-01",
      lines: [{ itemId: 1, unitPrice: "1", allocations: [{ locationId: 1, quantity: "" }] }],
    });
    expect(issueOf(purchase)).toContain("lines.0.allocations.0.quantity: Quantity must be greater than 0");
  });
});
