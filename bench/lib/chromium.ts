import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/chromium.ts";

/**
 * Debian's Chromium, as every browser part of the benchmark starts it: CHROME_PATH (chrome-launcher's
 * name for it), else the browser tests' CHROMIUM_PATH, else /usr/bin/chromium.
 */
export const CHROMIUM = process.env.CHROME_PATH ?? CHROMIUM_PATH;

/**
 * The browser tests' flags (no sandbox as root, no background traffic off loopback) and /tmp for
 * shared memory, for a Chromium Playwright starts: it makes it headless itself.
 */
export const PLAYWRIGHT_FLAGS = [...CHROMIUM_ARGS, "--disable-dev-shm-usage"];

/** The same for the Chromium chrome-launcher starts for Lighthouse, which is told to be headless. */
export const CHROMIUM_FLAGS = ["--headless=new", ...PLAYWRIGHT_FLAGS];
