import { describe, expect, it } from "vitest";
import { mergeRefreshes, queriesToRefresh } from "./live-updates.ts";

describe("live updates", () => {
  it("refreshes every stock view after a movement, and people lists after a staff change", () => {
    const stock = queriesToRefresh({ entity: "stock_movement", id: "12", action: "create" }, 1);
    expect(stock).toEqual(
      expect.arrayContaining(["movements", "items", "dashboard", "warehouse-grid", "item-history", "audit"]),
    );
    expect(queriesToRefresh({ entity: "user", id: "7", action: "create" }, 1)).toEqual([
      "staff",
      "admins",
      "people",
      "dashboard",
      "audit",
    ]);
  });

  it("refreshes the session when the change is to the signed-in account", () => {
    expect(queriesToRefresh({ entity: "user", id: "1", action: "reset_password" }, 1)).toContain("session");
  });

  it("asks for everything on a resync, and ignores entities no screen shows", () => {
    expect(queriesToRefresh({ entity: "*", id: "*", action: "resync" }, 1)).toBeNull();
    expect(queriesToRefresh({ entity: "setup_token", id: "1", action: "create" }, 1)).toEqual([]);
  });

  it("merges a burst into one set, where everything wins", () => {
    const merged = mergeRefreshes(new Set(["items"]), ["movements", "items"]);
    expect([...(merged ?? [])].sort()).toEqual(["items", "movements"]);
    expect(mergeRefreshes(merged, null)).toBeNull();
  });
});
