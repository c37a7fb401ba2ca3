import { describe, expect, it } from "vitest";
import { moneySchema, quantitySchema } from "./decimal.ts";

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? "");

describe("decimal fields", () => {
  it("takes numbers and decimal strings within their digits", () => {
    expect(quantitySchema("Quantity").parse(" 999999999.125 ")).toBe("999999999.125");
    expect(quantitySchema("Quantity").parse(12.5)).toBe("12.5");
    expect(moneySchema("Unit price").parse("999999999999.99")).toBe("999999999999.99");
  });

  it("tells a number too large from one with too many decimals", () => {
    const quantity = quantitySchema("Quantity");
    expect(messageOf(quantity.safeParse("1000000000"))).toBe("Quantity must be less than 1,000,000,000");
    expect(messageOf(quantity.safeParse("1.2345"))).toBe("Quantity must be a number with at most 3 decimals");
    expect(messageOf(quantity.safeParse("ten"))).toBe("Quantity must be a number with at most 3 decimals");
    expect(messageOf(quantity.safeParse("-1"))).toBe("Quantity cannot be negative");
    expect(messageOf(moneySchema("Unit price").safeParse("1000000000000"))).toBe(
      "Unit price must be less than 1,000,000,000,000",
    );
  });
});
