import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { MIGRATIONS_DIR } from "./package-paths.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

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
    expect(config.webDistDir).toBe(path.join(REPO_ROOT, "apps/web/dist"));
  });

  it("serves the web build named by WEB_DIST_DIR, resolved from the working directory", () => {
    expect(loadConfig({ WEB_DIST_DIR: "/srv/wms-web" }).webDistDir).toBe("/srv/wms-web");
    expect(loadConfig({ WEB_DIST_DIR: "build/web" }).webDistDir).toBe(path.resolve("build/web"));
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

describe("the files the server reads", () => {
  it("are found from the api package, as from its bundle in dist/", () => {
    expect(MIGRATIONS_DIR).toBe(path.join(REPO_ROOT, "apps/api/src/db/migrations"));
    expect(fs.existsSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"))).toBe(true);
  });
});
