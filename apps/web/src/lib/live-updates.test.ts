import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import {
  mergeRefreshes,
  queriesToRefresh,
  recoveryAfter,
  recoveryDelay,
  sessionCheckOf,
} from "./live-updates.ts";

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

  it("reads a session check: a user, none (null or a 401), or nothing usable", () => {
    expect(sessionCheckOf({ session: { user: { id: 1 } } })).toBe("signed-in");
    expect(sessionCheckOf({ session: { user: null } })).toBe("signed-out");
    expect(sessionCheckOf({ error: new ApiError("SESSION_EXPIRED", "", 401) })).toBe("signed-out");
    expect(sessionCheckOf({ error: new ApiError("UNAUTHENTICATED", "", 401) })).toBe("signed-out");
    expect(sessionCheckOf({ error: new ApiError("NETWORK_ERROR", "", 0) })).toBe("unknown");
    expect(sessionCheckOf({ error: new ApiError("DATABASE_UNAVAILABLE", "", 503) })).toBe("unknown");
  });

  it("never reconnects once the session is gone, whether the stream ended or failed", () => {
    expect(recoveryAfter("signed-out", true)).toBe("sign-out");
    expect(recoveryAfter("signed-out", false)).toBe("sign-out");
  });

  it("opens a new stream for a session that lives on when nothing reconnects by itself", () => {
    // event: end for a session this browser replaced, or an error status that closed the stream.
    expect(recoveryAfter("signed-in", true)).toBe("reopen");
    expect(recoveryAfter("unknown", true)).toBe("check-later");
    // A dropped connection: the browser is already reconnecting.
    expect(recoveryAfter("signed-in", false)).toBe("keep");
    expect(recoveryAfter("unknown", false)).toBe("keep");
  });

  it("reopens at once the first time, then backs off from the server's delay up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => recoveryDelay("reopen", attempt))).toEqual([
      0, 3_000, 6_000, 12_000, 24_000, 30_000, 30_000,
    ]);
    expect(recoveryDelay("check-later", 0)).toBe(3_000);
    expect(recoveryDelay("check-later", 3)).toBe(12_000);
  });
});
