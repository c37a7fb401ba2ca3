import { CHROMIUM_ARGS } from "../../e2e/chromium.ts";

/** Debian's Chromium, as every browser part of the benchmark starts it. */
export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' flags (no sandbox as root, no background traffic off loopback) and /tmp for
 * shared memory, for a Chromium Playwright starts: it makes it headless itself.
 */
export const PLAYWRIGHT_FLAGS = [...CHROMIUM_ARGS, "--disable-dev-shm-usage"];

/** The same for the Chromium chrome-launcher starts for Lighthouse, which is told to be headless. */
export const CHROMIUM_FLAGS = ["--headless=new", ...PLAYWRIGHT_FLAGS];
