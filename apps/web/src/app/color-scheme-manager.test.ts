import type { PageColorScheme } from "@wms/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLOR_SCHEME_STORAGE_KEY, cookieColorSchemeManager } from "./color-scheme-manager.ts";

// The browser's storage, as Mantine's manager reads it (window.localStorage).
let stored: Map<string, string>;
beforeEach(() => {
  stored = new Map();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page the server sent in `sent`, recording what the manager writes to the cookie. */
function pageSentIn(sent: PageColorScheme | null) {
  const cookies: Array<PageColorScheme | undefined> = [];
  const manager = cookieColorSchemeManager({
    sentScheme: () => sent,
    writeCookie: (scheme) => cookies.push(scheme),
  });
  return { manager, cookies };
}

describe("the colour scheme manager", () => {
  it("reads the scheme saved on this device and leaves the cookie alone when the page came in it", () => {
    stored.set(COLOR_SCHEME_STORAGE_KEY, "dark");
    const { manager, cookies } = pageSentIn("dark");
    expect(manager.get("light")).toBe("dark");
    expect(cookies).toEqual([]);
  });

  it("gives the cookie a scheme saved before the cookie existed, once, so the next page comes in it", () => {
    stored.set(COLOR_SCHEME_STORAGE_KEY, "dark");
    const { manager, cookies } = pageSentIn("light");
    expect(manager.get("light")).toBe("dark");
    expect(manager.get("light")).toBe("dark");
    expect(cookies).toEqual(["dark"]);
  });

  it("writes no cookie for someone who never chose (the server's default is the app's)", () => {
    const { manager, cookies } = pageSentIn("light");
    expect(manager.get("light")).toBe("light");
    expect(cookies).toEqual([]);
  });

  it("corrects a cookie that names another scheme than the saved one", () => {
    stored.set(COLOR_SCHEME_STORAGE_KEY, "light");
    const { manager, cookies } = pageSentIn("dark");
    expect(manager.get("light")).toBe("light");
    expect(cookies).toEqual(["light"]);
  });

  it("leaves following the system to the browser: no cookie for auto", () => {
    stored.set(COLOR_SCHEME_STORAGE_KEY, "auto");
    const { manager, cookies } = pageSentIn("light");
    expect(manager.get("light")).toBe("auto");
    manager.set("auto");
    expect(cookies).toEqual([undefined]);
  });

  it("saves a change on the device and in the cookie, and clears both", () => {
    const { manager, cookies } = pageSentIn("light");
    manager.set("dark");
    expect(stored.get(COLOR_SCHEME_STORAGE_KEY)).toBe("dark");
    expect(cookies).toEqual(["dark"]);
    manager.clear();
    expect(stored.has(COLOR_SCHEME_STORAGE_KEY)).toBe(false);
    expect(cookies).toEqual(["dark", undefined]);
  });
});
