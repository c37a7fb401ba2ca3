import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { asAdmin, uniqueEmail, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

/**
 * Stored XSS (reliability checklist X28-X30, C-8): an item, a warehouse, a staff member and a movement
 * reason whose texts are script payloads are shown on every screen that lists them. None may run: no
 * dialog opens, the page reports no error, no element the payload describes exists, and the payload
 * is visible as plain text. The session cookie is httpOnly and no token sits in web storage.
 */
const browser = await useBrowser();

const IMG = "<img src=x onerror=alert(1)>";
const SVG = "<svg onload=alert(1)>";
const SCRIPT = '"><script>alert(1)</script>';
const JS_URL = "javascript:alert(1)";

async function json<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) {
    throw new Error(`could not ${what}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Seeds the hostile records through the API as the e2e administrator. */
async function seed() {
  const admin = await asAdmin();
  const prefix = uniquePrefix("XSS");
  const texts = {
    item: `${IMG} ${prefix}`,
    description: `${JS_URL} ${SCRIPT}`,
    warehouse: `${SVG}${prefix}`.slice(0, 60),
    location: SCRIPT,
    staff: `${SCRIPT} ${prefix}`,
    reason: `${SVG} ${JS_URL} ${prefix}`,
  };
  const warehouse = await json<{ id: number; name: string }>(
    await admin("/api/warehouses", {
      method: "POST",
      body: { name: texts.warehouse, location: texts.location, maxShelves: 1, sectionsPerShelf: 1 },
    }),
    201,
    "create the warehouse",
  );
  const item = await json<{ id: number }>(
    await admin("/api/items", {
      method: "POST",
      body: { itemNo: prefix, name: texts.item, description: texts.description },
    }),
    201,
    "create the item",
  );
  const staff = await json<{ id: number }>(
    await admin("/api/staff", {
      method: "POST",
      body: { name: texts.staff, email: uniqueEmail("xss"), password: "first password 1" },
    }),
    201,
    "create the staff member",
  );
  const { locations } = await json<{ locations: Array<{ id: number; warehouseId: number }> }>(
    await admin(`/api/locations?warehouseId=${warehouse.id}`),
    200,
    "find the position",
  );
  const position = locations.find((location) => location.warehouseId === warehouse.id);
  if (!position) {
    throw new Error("the warehouse has no position");
  }
  await json(
    await admin("/api/movements", {
      method: "POST",
      body: {
        type: "received",
        itemId: item.id,
        quantity: "3",
        toLocationId: position.id,
        managedBy: staff.id,
        reason: texts.reason,
      },
    }),
    201,
    "record the movement",
  );
  return { prefix, texts, itemId: item.id, warehouseId: warehouse.id };
}

/** Opens a screen and checks that every expected payload shows as text and nothing ran. */
async function visit(page: Page, dialogs: string[], url: string, visibleTexts: string[]) {
  await page.goto(url);
  for (const text of visibleTexts) {
    await page
      .getByText(text, { exact: false })
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 10_000 });
  }
  // Give anything injected a moment to fire.
  await page.waitForTimeout(300);
  expect(dialogs, url).toEqual([]);
  const injected = await page
    .locator('img[src="x"], svg[onload], script:not([src]), [onerror], [onload]')
    .count();
  expect(injected, url).toBe(0);
  const javascriptLinks = await page.locator('a[href^="javascript:" i]').count();
  expect(javascriptLinks, url).toBe(0);
}

describe("[SECURITY] stored script payloads", () => {
  it("shows every payload as text on every screen and runs none of them", async () => {
    const page = browser.page();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const { prefix, texts, itemId, warehouseId } = await seed();

    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");

    const base = "/wmscontrolpaneladmin";
    await visit(page, dialogs, `${base}/dashboard`, [texts.item]);
    await visit(page, dialogs, `${base}/items?search=${encodeURIComponent(prefix)}`, [
      texts.item,
      texts.description,
    ]);
    await visit(page, dialogs, `${base}/movements?search=${encodeURIComponent(prefix)}`, [
      texts.item,
      texts.reason,
    ]);
    await visit(page, dialogs, `${base}/staff`, [texts.staff]);
    await visit(page, dialogs, `${base}/warehouses`, [texts.warehouse, texts.location]);
    await visit(page, dialogs, `${base}/warehouses/${warehouseId}`, [texts.warehouse]);
    await visit(page, dialogs, `${base}/items/${itemId}/history`, [texts.item, texts.reason]);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("keeps the session cookie away from scripts and no token in web storage", async () => {
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith("wms_session"));
    expect(session?.httpOnly).toBe(true);
    const token = session?.value ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const seen = await page.evaluate(() => {
      const storage = (store: Storage) =>
        Array.from({ length: store.length }, (_, n) => {
          const key = store.key(n) ?? "";
          return `${key}=${store.getItem(key) ?? ""}`;
        });
      return { cookie: document.cookie, local: storage(localStorage), session: storage(sessionStorage) };
    });
    expect(seen.cookie).not.toContain("wms_session");
    expect(seen.cookie).not.toContain(token);
    for (const entry of [...seen.local, ...seen.session]) {
      expect(entry).not.toContain(token);
      expect(entry).not.toMatch(/token|password|argon2/i);
    }
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
