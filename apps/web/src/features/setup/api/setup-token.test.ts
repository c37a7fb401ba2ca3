import { describe, expect, it } from "vitest";
import { setupTokenFromHash } from "./setup-token.ts";

describe("setupTokenFromHash", () => {
  it("reads the token from the fragment", () => {
    expect(setupTokenFromHash("#token=abc123")).toBe("abc123");
    expect(setupTokenFromHash("token=abc123")).toBe("abc123");
    expect(setupTokenFromHash("#x=1&token=a%2Bb")).toBe("a+b");
  });

  it("is null without a token", () => {
    expect(setupTokenFromHash("")).toBeNull();
    expect(setupTokenFromHash("#")).toBeNull();
    expect(setupTokenFromHash("#token=")).toBeNull();
    expect(setupTokenFromHash("#other=1")).toBeNull();
  });
});
