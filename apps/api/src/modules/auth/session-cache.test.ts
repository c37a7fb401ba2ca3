import type { SessionUser } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { RESYNC_EVENT, sessionsEndedEvent } from "../events/change-events.ts";
import { type CachedSession, SessionCache } from "./session-cache.ts";

function sessionOf(userId: number): CachedSession {
  const user: SessionUser = {
    id: userId,
    email: `user${userId}@example.com`,
    name: `User ${userId}`,
    role: "staff",
    mustChangePassword: false,
    language: "en",
  };
  return { user, lastSeenAt: new Date("2026-01-01T10:00:00Z"), expiresAt: new Date("2026-01-01T22:00:00Z") };
}

/** A cache on a hand-moved monotonic clock, hearing every change unless told otherwise. */
function cacheWith(ttlMs = 1_000) {
  const state = { now: 0, hearing: true };
  const cache = new SessionCache(
    () => state.hearing,
    ttlMs,
    () => state.now,
  );
  return { cache, state };
}

describe("SessionCache", () => {
  it("serves a stored session until its time is up, then asks again", () => {
    const { cache, state } = cacheWith(1_000);
    cache.store("a", sessionOf(1), cache.ticket());
    state.now = 999;
    expect(cache.get("a")?.user.id).toBe(1);
    state.now = 1_000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets every session of a user whose sessions ended or whose account changed, and only theirs", () => {
    const { cache } = cacheWith();
    cache.store("a", sessionOf(1), cache.ticket());
    cache.store("b", sessionOf(1), cache.ticket());
    cache.store("c", sessionOf(2), cache.ticket());
    cache.apply(sessionsEndedEvent(1));
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")?.user.id).toBe(2);
    cache.apply({ entity: "user", id: "2", action: "update_preferences" });
    expect(cache.get("c")).toBeUndefined();
  });

  it("ignores events of other kinds, and forgets everything when events may have been missed", () => {
    const { cache } = cacheWith();
    cache.store("a", sessionOf(1), cache.ticket());
    cache.apply({ entity: "item", id: "1", action: "update" });
    expect(cache.get("a")?.user.id).toBe(1);
    cache.apply(RESYNC_EVENT);
    expect(cache.get("a")).toBeUndefined();
  });

  it("does not store a read that began before something was forgotten (a request racing a sign-out)", () => {
    const { cache } = cacheWith();
    const ticket = cache.ticket();
    cache.apply(sessionsEndedEvent(1)); // the sign-out commits while the read is on its way
    cache.store("a", sessionOf(1), ticket);
    expect(cache.get("a")).toBeUndefined();
    cache.store("a", sessionOf(1), cache.ticket());
    expect(cache.get("a")?.user.id).toBe(1);
  });

  it("neither serves nor stores while it cannot hear other processes' changes", () => {
    const { cache, state } = cacheWith();
    cache.store("a", sessionOf(1), cache.ticket());
    state.hearing = false;
    expect(cache.get("a")).toBeUndefined();
    cache.store("b", sessionOf(2), cache.ticket());
    state.hearing = true;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
  });

  it("holds at most ten thousand sessions, dropping the oldest", () => {
    const { cache } = cacheWith();
    for (let n = 0; n <= 10_000; n++) {
      cache.store(`t${n}`, sessionOf(n), cache.ticket());
    }
    expect(cache.size).toBe(10_000);
    expect(cache.get("t0")).toBeUndefined();
    expect(cache.get("t10000")?.user.id).toBe(10_000);
  });
});
