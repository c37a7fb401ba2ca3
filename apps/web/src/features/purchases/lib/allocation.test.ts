import { describe, expect, it } from "vitest";
import { fromThousandths, isPositive, sumQuantities, toThousandths, unallocated } from "./allocation.ts";

describe("allocation arithmetic", () => {
  it("adds quantities without floating-point drift", () => {
    expect(sumQuantities(["0.1", "0.2"])).toBe("0.3");
    expect(sumQuantities([1.005, "2", 3])).toBe("6.005");
    expect(sumQuantities([])).toBe("0");
  });
  it("says what is still unallocated", () => {
    expect(unallocated("10", ["4", "2.5"])).toBe("3.5");
    expect(unallocated(10, [6, 6])).toBe("-2");
    expect(unallocated("5", [])).toBe("5");
  });
  it("converts both ways", () => {
    expect(toThousandths("12.345")).toBe(12345);
    expect(toThousandths("")).toBe(0);
    expect(fromThousandths(12340)).toBe("12.34");
    expect(fromThousandths(-500)).toBe("-0.5");
  });
  it("knows a positive quantity", () => {
    expect(isPositive("0.001")).toBe(true);
    expect(isPositive("0")).toBe(false);
    expect(isPositive("")).toBe(false);
  });
});
