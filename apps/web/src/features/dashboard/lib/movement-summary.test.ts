import { describe, expect, it } from "vitest";
import { movementTypeKeys } from "./movement-summary.ts";

describe("movementTypeKeys", () => {
  it("names plain movement types by their type only", () => {
    expect(movementTypeKeys({ type: "received", adjustment: null })).toEqual({
      type: "dashboard.movementTypes.received",
      adjustment: null,
    });
    expect(movementTypeKeys({ type: "dispatched", adjustment: null }).adjustment).toBeNull();
  });

  it("adds the direction of an adjustment", () => {
    expect(movementTypeKeys({ type: "adjusted", adjustment: "decrease" })).toEqual({
      type: "dashboard.movementTypes.adjusted",
      adjustment: "dashboard.adjustments.decrease",
    });
  });
});
