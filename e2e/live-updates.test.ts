import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ServerProcess, signInOverHttp, spawnServer } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { asAdmin, createItem, createWarehouse, locationIdOf, uniqueEmail, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

/**
 * Two API processes on one database: the browser is signed in on the suite's server (A); a second
 * server process (B) on the same DATABASE_URL records a movement; the item on A's screen changes by
 * itself, without a reload, and the frame shows that it just updated. A page whose session ends
 * elsewhere goes to the login page and stops listening.
 */
const browser = await useBrowser();
let processB: ServerProcess | undefined;
let baseB = "";

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

/** Waits until the stream is open and the indicator has settled back to "Live". */
async function settledLive(page: Page) {
  await page
    .locator('[data-live-state="live"]')
    .filter({ hasText: /^Live$/ })
    .waitFor({ timeout: 10_000 });
}

describe("[LIVE] updates across API processes", () => {
  it("shows a movement recorded through another API process without a reload", async () => {
    expect(baseB).not.toBe(browser.baseUrl);

    const prefix = uniquePrefix("LIVE");
    const warehouse = await createWarehouse(`${prefix}WH`);
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: "Live tea", unit: "kilogram" });
    const toLocationId = await locationIdOf(`${warehouse.name}A01`);

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto(`/wmscontrolpaneladmin/items?search=${encodeURIComponent(`${prefix}-TEA`)}`);
    const card = page.getByRole("article").filter({ hasText: `${prefix}-TEA` });
    await card.getByText("No stock").waitFor();
    await page.locator('[data-live-state="live"]').waitFor();

    const viaB = await signInOverHttp(baseB, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    const session = (await (await viaB("/api/session")).json()) as { user: { id: number } };
    const recorded = await viaB("/api/movements", {
      method: "POST",
      body: {
        type: "received",
        itemId: item.id,
        quantity: "7.5",
        toLocationId,
        managedBy: session.user.id,
        reason: "via B",
      },
    });
    expect(recorded.status).toBe(201);

    await card.getByText(`${warehouse.name}A01`).waitFor({ timeout: 2_000 });
    await page.getByRole("status").filter({ hasText: "Updated" }).waitFor({ timeout: 2_000 });
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
