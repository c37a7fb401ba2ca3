import { describe, expect, it } from "vitest";
import { holdSessionEnd, leaveSessionEndToWindow } from "./session-end.ts";

describe("a window that tells the session end itself", () => {
  it("is left an end found meanwhile, and hears of it when it closes", () => {
    expect(leaveSessionEndToWindow()).toBe(false);
    const release = holdSessionEnd();
    expect(leaveSessionEndToWindow()).toBe(true);
    expect(release()).toBe(true);
    expect(release()).toBe(false);
    expect(leaveSessionEndToWindow()).toBe(false);
  });

  it("hears nothing when the session did not end while it was open", () => {
    const release = holdSessionEnd();
    expect(release()).toBe(false);
    const next = holdSessionEnd();
    expect(next()).toBe(false);
  });
});
