import { describe, expect, it } from "vitest";
import { type ItemInput, ItemInputSchema } from "./item.ts";
import { itemInputChecker } from "./item-input-checker.ts";

const valid: ItemInput = {
  itemNo: "TEA-001",
  name: "Green Tea",
  description: "Loose leaf",
  type: "TEA",
  unit: "kilogram",
  unitPrice: "45.50",
  minQuantity: "2.5",
};

/** Each a change to the valid item: every rule of every field, and the rule across fields. */
const VARIANTS: Array<Partial<Record<keyof ItemInput | "extra", unknown>>> = [
  {},
  { description: undefined, type: undefined, unit: undefined, unitPrice: undefined, minQuantity: undefined },
  { itemNo: "  TEA-002  ", name: " Spaced ", description: " line one\nline two " },
  { itemNo: "" },
  { itemNo: "x".repeat(65) },
  { name: "x".repeat(201) },
  { name: "Tab\tin name" },
  { description: "bell \u0007" },
  { description: "x".repeat(2001) },
  { type: "tea" },
  { type: "RAW_MATERIAL" },
  { unit: "gallon" },
  { unitPrice: "1.234" },
  { unitPrice: "-1" },
  { unitPrice: "" },
  { unitPrice: 12.5 },
  { unitPrice: "1234567890123" },
  { minQuantity: "1.2345" },
  { unit: "pieces", minQuantity: "1.5" },
  { unit: "box", minQuantity: "3" },
  { unit: "pieces", minQuantity: "1.5", name: "" },
  { extra: "not a field" },
];

describe("itemInputChecker", () => {
  it("answers exactly as ItemInputSchema, data and issues, also for values it has seen before", () => {
    const check = itemInputChecker();
    // Twice over: the second round meets every value again, from the checker's memory.
    for (const round of [1, 2]) {
      for (const variant of VARIANTS) {
        const input = { ...valid, ...variant };
        const expected = ItemInputSchema.safeParse(input);
        const actual = check(input);
        expect({ round, variant, success: actual.success }).toEqual({
          round,
          variant,
          success: expected.success,
        });
        // JSON: the same values in the same key order, or the same issues in the same order.
        expect(JSON.stringify(actual.success ? actual.data : actual.error.issues)).toBe(
          JSON.stringify(expected.success ? expected.data : expected.error.issues),
        );
      }
    }
  });
});
