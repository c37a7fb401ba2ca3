import { performance } from "node:perf_hooks";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ServerProcess, signInOverHttp, spawnServer } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { asAdmin, createItem, createWarehouse, locationIdOf, uniqueEmail, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

/**
 * Two API processes on one database: the browser is signed in on the suite's server (A); a second
 * server process (B) on the same DATABASE_URL records movements; every screen showing stock on A
 * changes by itself within a second, without a reload, and the frame says that it just updated.
 */
const browser = await useBrowser();
let processB: ServerProcess | undefined;
let baseB = "";

/** Product decision 19: every open screen shows another person's change within a second. */
const LIVE_MS = 1_000;

/** The session-expired notice the app shows whenever it finds the session ended. */
const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

beforeAll(async () => {
  processB = spawnServer({ DATABASE_URL: inject("e2eDatabaseUrl") });
  baseB = await processB.ready;
});

afterAll(async () => {
  processB?.child.kill("SIGTERM");
  await processB?.exited;
});

/** The frame's live indicator: a polite status that reads "Live", and "Updated" just after a change. */
function liveIndicator(page: Page): Locator {
  return page.locator("[data-live-state]");
}

/** Waits until the stream is open and the indicator has settled back to "Live". */
async function settledLive(page: Page) {
  await page
    .locator('[data-live-state="live"]')
    .filter({ hasText: /^Live$/ })
    .waitFor({ timeout: 10_000 });
}

describe("[LIVE] updates across API processes", () => {
  it("shows movements recorded through another API process on every stock screen within a second", async () => {
    expect(baseB).not.toBe(browser.baseUrl);

    const prefix = uniquePrefix("LIVE");
    const warehouse = await createWarehouse(`${prefix}WH`);
    const item = await createItem({
      itemNo: `${prefix}-TEA`,
      name: `Live tea ${prefix}`,
      unit: "kilogram",
      unitPrice: "2",
    });
    const [a01, a02, b01] = await Promise.all(
      ["A01", "A02", "B01"].map((code) => locationIdOf(`${warehouse.name}${code}`)),
    );

    const viaB = await signInOverHttp(baseB, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    const session = (await (await viaB("/api/session")).json()) as { user: { id: number } };
    const elapsed: Record<string, number> = {};

    /**
     * Records a movement through B once A's screen is live and settled, then waits (1 s at most, from
     * B's answer) for `changed` to appear on A, and for the indicator to say "Updated".
     */
    const expectLive = async (screen: string, movement: Record<string, unknown>, changed: Locator) => {
      await settledLive(page);
      const response = await viaB("/api/movements", {
        method: "POST",
        body: { itemId: item.id, managedBy: session.user.id, ...movement },
      });
      expect(response.status).toBe(201);
      const answered = performance.now();
      await changed.waitFor({ timeout: LIVE_MS });
      elapsed[screen] = Math.round(performance.now() - answered);
      // The indicator turns to "Updated" once the refetched data is on screen: the same second.
      await liveIndicator(page)
        .filter({ hasText: /^Updated$/ })
        .waitFor({ timeout: LIVE_MS });
      expect(elapsed[screen]).toBeLessThan(LIVE_MS);
    };

    const page = browser.page();
    // Documents loaded: the sign-in page's, and no other one while the changes arrive.
    let documents = 0;
    page.on("load", () => {
      documents += 1;
    });
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    const indicator = liveIndicator(page);
    expect(await indicator.getAttribute("role")).toBe("status");
    expect(await indicator.getAttribute("aria-live")).toBe("polite");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    const loadedDocuments = documents;

    // The admin dashboard's Recent Item Movements.
    const recent = page.getByRole("region", { name: "Recent Item Movements" });
    await recent.waitFor();
    await expectLive(
      "dashboard",
      { type: "received", quantity: "7.5", toLocationId: a01, reason: "Live receipt" },
      recent
        .getByRole("listitem", { name: `${item.name}, Received` })
        .getByText("7.5 kilogram", { exact: true }),
    );

    // The warehouse grid: both positions of a move, quantity and value (AED 2 a kilogram).
    await menu.getByRole("link", { name: "Warehouses" }).click();
    await page
      .getByRole("article", { name: warehouse.name, exact: true })
      .getByRole("link", { name: `View layout of ${warehouse.name}` })
      .click();
    const grid = page.getByTestId("warehouse-grid");
    await grid.locator('[data-position="A01"][data-quantity="7.5"][data-value="15.00"]').waitFor();
    await expect(grid.locator('[data-position="A02"]').getAttribute("data-quantity")).resolves.toBeNull();
    await expectLive(
      "warehouse grid",
      { type: "moved", quantity: "2.5", fromLocationId: a01, toLocationId: a02, reason: "Live move" },
      grid.locator('[data-position="A02"][data-quantity="2.5"][data-value="5.00"]'),
    );
    await grid
      .locator('[data-position="A01"][data-quantity="5"][data-value="10.00"]')
      .waitFor({ timeout: 100 });

    // Stock Movements, searched by the item number.
    await menu.getByRole("link", { name: "Movements" }).click();
    await page.getByRole("searchbox", { name: "Search movements" }).fill(item.itemNo);
    const movements = page.getByRole("table", { name: "Movements" });
    await page.getByText("Showing 1–2 of 2").waitFor();
    await expectLive(
      "movements",
      { type: "dispatched", quantity: "1", fromLocationId: a01, reason: "Live dispatch" },
      movements.getByRole("row").filter({ hasText: "Live dispatch" }),
    );
    await page.getByText("Showing 1–3 of 3").waitFor({ timeout: 100 });

    // The item's history, opened from Item Management.
    await menu.getByRole("link", { name: "Items" }).click();
    await page.getByRole("searchbox", { name: "Search items" }).fill(item.itemNo);
    await page.waitForURL((url) => url.searchParams.get("search") === item.itemNo);
    await page
      .getByRole("article", { name: `${item.itemNo} ${item.name}` })
      .getByRole("link", { name: `History of ${item.name}` })
      .click();
    await expectPath(page, `/wmscontrolpaneladmin/items/${item.id}/history`);
    const history = page.getByRole("table", { name: `Movements of ${item.name}` });
    await history.getByRole("row").filter({ hasText: "Live dispatch" }).waitFor();
    await expectLive(
      "item history",
      { type: "received", quantity: "3", toLocationId: b01, reason: "Live history" },
      history.getByRole("row").filter({ hasText: "Live history" }),
    );

    // One document all along: every change arrived without a reload.
    expect(documents).toBe(loadedDocuments);
    console.info("live update delays (ms):", elapsed);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("takes a page whose session is signed out elsewhere to the login page, and stops listening", async () => {
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await settledLive(page);
    const streams: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/events") {
        streams.push(request.url());
      }
    });

    // The same session signed out through the API (another tab, say): the page itself does nothing.
    const signedOut = await page.request.post("/api/auth/logout", { headers: { "x-requested-with": "wms" } });
    expect(signedOut.status()).toBe(204);

    await expectPath(page, "/wmscontrolpaneladmin/login");
    await page.getByText(SESSION_EXPIRED).waitFor();
    expect(streams).toEqual([]);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("takes a staff member whose password an admin resets through another process to the login page, once", async () => {
    // A staff member who has made the first password change, signed in on A.
    const admin = await asAdmin();
    const email = uniqueEmail("live.staff");
    const created = await admin("/api/staff", {
      method: "POST",
      body: { name: "Live Staff", email, password: "first password 1" },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const first = await signInOverHttp(browser.baseUrl, "staff", email, "first password 1");
    const changed = await first("/api/auth/password", {
      method: "POST",
      body: { currentPassword: "first password 1", newPassword: "second password 2" },
    });
    expect(changed.status).toBe(200);

    const page = browser.page();
    await signInThroughPortal(page, "staff", email, "second password 2");
    await expectPath(page, "/staff/warehouse");
    await settledLive(page);
    let documents = 0;
    const streams: string[] = [];
    page.on("load", () => {
      documents += 1;
    });
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/events") {
        streams.push(request.url());
      }
    });

    // The administrator resets the password through B: every session of the staff member ends, and
    // A's stream learns of it through PostgreSQL; the browser keeps its (now dead) cookie.
    const viaB = await signInOverHttp(baseB, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    const reset = await viaB(`/api/staff/${id}/password`, {
      method: "POST",
      body: { password: "reset password 3" },
    });
    expect(reset.status).toBe(204);

    await expectPath(page, "/staff/login");
    await page.getByText(SESSION_EXPIRED).waitFor();
    // Longer than the server's reconnection delay (retry: 3000): the page neither reconnects nor
    // reloads, and stays on the login page.
    await page.waitForTimeout(3_500);
    expect(new URL(page.url()).pathname).toBe("/staff/login");
    expect(streams).toEqual([]);
    expect(documents).toBe(0);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
