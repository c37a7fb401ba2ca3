import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appTitle: "WMS Control Panel",
      businessTimeZone: "Asia/Dubai",
      initialAdmin: undefined,
      session: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000, secureCookie: false },
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it("names every bad variable at once", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", BUSINESS_TIME_ZONE: "Mars/Olympus", DATABASE_URL: "mysql://x" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/BUSINESS_TIME_ZONE: must be an IANA time zone/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres/);
  });

  it("wants ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "owner@example.com" })).toThrow(/set both or neither/);
  });

  it("uses Secure cookies when the public address is HTTPS", () => {
    expect(loadConfig({ PUBLIC_URL: "https://wms.example.com" }).session.secureCookie).toBe(true);
  });
});
