import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ServerProcess, spawnServer } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { useBrowser } from "./browser.ts";
import { holdRequests } from "./network.ts";
import { unexpectedErrors } from "./ui.ts";

/**
 * A deployment's own product title (APP_TITLE) and business time zone reach the page through
 * /api/app-info. The first screen waits for them: drawn with the defaults, it would be drawn again
 * when they arrived, and a form would keep its "today" in the default zone.
 */
const browser = await useBrowser();
const TITLE = "Riverside Tea Stock";
const DEFAULT_TITLE = "WMS Control Panel";
/** How long the answer is held when the page goes on without it (the fault this guards against). */
const HOLD_LIMIT_MS = 2_000;

let server: ServerProcess | undefined;
let base = "";

beforeAll(async () => {
  server = spawnServer({ DATABASE_URL: inject("e2eDatabaseUrl"), APP_TITLE: TITLE });
  base = await server.ready;
});

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
});

/** Every text the app draws (in #root), in order, from the page's first script on. */
const RECORD_TEXTS = `
  window.__texts = [];
  const inApp = (node) => {
    const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
    return element !== null && element.closest("#root") !== null;
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (inApp(node) && node.textContent) window.__texts.push(node.textContent);
      }
      if (mutation.type === "characterData" && inApp(mutation.target)) {
        window.__texts.push(mutation.target.textContent ?? "");
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

describe("[APP-INFO] the deployment's product title", () => {
  it("is on the first screen drawn, even when its answer comes after everything else", async () => {
    const page = browser.page();
    // Signed in through the page's own context, so its cookie is the browser's.
    const signIn = await page.request.post(`${base}/api/auth/login`, {
      headers: { "x-requested-with": "wms" },
      data: { portal: "admin", email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signIn.status()).toBe(200);
    await page.addInitScript({ content: RECORD_TEXTS });
    const appInfo = await holdRequests(page, (url) => url.pathname === "/api/app-info");

    const dashboardFigure = page.getByRole("group", { name: "Total Items", exact: true });
    await page.goto(`${base}/wmscontrolpaneladmin/dashboard`);
    await appInfo.requested;
    // Everything else arrives meanwhile; a page that did not wait would draw the dashboard now.
    const drawnWithout = await dashboardFigure
      .waitFor({ timeout: HOLD_LIMIT_MS })
      .then(() => true)
      .catch(() => false);
    appInfo.release();

    await dashboardFigure.waitFor();
    await page.getByText(TITLE, { exact: true }).first().waitFor();
    const texts = await page.evaluate(() => (window as unknown as { __texts: string[] }).__texts);
    expect(drawnWithout).toBe(false);
    expect(texts.some((text) => text.includes(TITLE))).toBe(true);
    expect(texts.filter((text) => text.includes(DEFAULT_TITLE))).toEqual([]);
    await expect.poll(() => page.title()).toContain(TITLE);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
