import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeEach, inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

export interface BrowserHarness {
  baseUrl: string;
  /** The page of the current test: a fresh one, signed out, for each test. */
  page(): Page;
  /** Console errors and uncaught exceptions of the current test's page (each test asserts none). */
  pageErrors(): string[];
}

/**
 * One Chromium per test file (a persistent context on a temporary profile, as playwright-core wants
 * for Debian's build), one fresh page per test, cookies cleared between tests.
 */
export async function useBrowser(
  viewport = { width: 1280, height: 800 },
  /** A phone: touch events (page.tap) and a mobile viewport (meta viewport, touch media queries). */
  device: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<BrowserHarness> {
  const baseUrl = inject("baseUrl");
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "wms-chromium-"));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    hasTouch: device.hasTouch ?? false,
    isMobile: device.isMobile ?? false,
    baseURL: baseUrl,
  });
  let current: Page | undefined;
  let errors: string[] = [];

  beforeEach(async () => {
    await context.clearCookies();
    errors = [];
    current = await context.newPage();
    current.on("console", (message) => {
      if (message.type() === "error") {
        errors.push(message.text());
      }
    });
    current.on("pageerror", (error) => errors.push(error.message));
  });
  afterEach(async () => {
    await current?.close();
  });
  afterAll(async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  return {
    baseUrl,
    page: () => {
      if (!current) {
        throw new Error("page() is only available inside a test");
      }
      return current;
    },
    pageErrors: () => errors,
  };
}
