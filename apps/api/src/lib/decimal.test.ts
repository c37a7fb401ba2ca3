import { describe, expect, it } from "vitest";
import { fromThousandths, toThousandths } from "./decimal.ts";

describe("exact quantities", () => {
  it("round-trips quantities with up to three decimals without float error", () => {
    expect(fromThousandths(toThousandths("0.1") + toThousandths("0.2"))).toBe("0.3");
    expect(fromThousandths(toThousandths("12.345") - toThousandths("2.345"))).toBe("10");
    expect(fromThousandths(-toThousandths("4.5"))).toBe("-4.5");
    expect(fromThousandths(toThousandths("999999999999.999"))).toBe("999999999999.999");
  });

  it("refuses more than three decimals or non-numbers", () => {
    expect(() => toThousandths("1.2345")).toThrow(RangeError);
    expect(() => toThousandths("1e3")).toThrow(RangeError);
  });
});
