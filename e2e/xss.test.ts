import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_TIME_ZONE, todayIn } from "@wms/domain";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { asAdmin, createReadyAdmin, uniqueEmail, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

/**
 * Stored XSS (reliability checklist X28-X31, C-8): an item, a warehouse, a staff member, an
 * administrator, a movement reason and a purchase (supplier, invoice, notes) whose texts are script
 * payloads are shown on every screen and modal that shows them: lists, the reports, the audit log and
 * its change view, the bulk upload's preview (of a file whose name is a payload too), Last Movement and
 * a position's modal. None may run: no dialog opens, the page reports no error, no element the payload
 * describes exists, and the payload is visible as plain text. The session cookie is httpOnly and no
 * token sits in web storage.
 */
const browser = await useBrowser();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "wms-xss-"));
afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

const IMG = "<img src=x onerror=alert(1)>";
const SVG = "<svg onload=alert(1)>";
const SCRIPT = '"><script>alert(1)</script>';
const JS_URL = "javascript:alert(1)";
const MARKDOWN = "[x](javascript:alert(1)) <b>bold</b>";

async function json<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) {
    throw new Error(`could not ${what}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Seeds the hostile records through the API: most as the e2e administrator, the purchase as a hostile-named one. */
async function seed() {
  const admin = await asAdmin();
  const prefix = uniquePrefix("XSS");
  const texts = {
    item: `${IMG} ${prefix}`,
    description: `${JS_URL} ${SCRIPT}`,
    warehouse: `${SVG}${prefix}`.slice(0, 60),
    location: SCRIPT,
    staff: `${SCRIPT} ${prefix}`,
    admin: `${IMG} Admin ${prefix}`,
    reason: `${SVG} ${JS_URL} ${prefix}`,
    supplier: `${SCRIPT} Supplier ${prefix}`,
    invoice: `${SVG}-${prefix}`.slice(0, 60),
    notes: `${MARKDOWN} ${IMG} ${prefix}`,
    uploadItem: `${SVG} Uploaded ${prefix}`,
    uploadDescription: `${SCRIPT} ${MARKDOWN}`,
    fileName: `${IMG}${prefix}.csv`,
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
  const { locations } = await json<{ locations: Array<{ id: number; warehouseId: number; code: string }> }>(
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
  // Last: the purchase is then the latest movement, which Last Movement shows.
  const { api: hostileAdmin } = await createReadyAdmin(texts.admin);
  await json(
    await hostileAdmin("/api/purchases", {
      method: "POST",
      body: {
        invoiceNumber: texts.invoice,
        date: todayIn(DEFAULT_TIME_ZONE),
        supplierName: texts.supplier,
        notes: texts.notes,
        lines: [
          { itemId: item.id, unitPrice: "2.50", allocations: [{ locationId: position.id, quantity: "4" }] },
        ],
      },
    }),
    201,
    "record the purchase",
  );
  return { prefix, texts, itemId: item.id, warehouseId: warehouse.id, positionCode: position.code };
}

/** A CSV cell, quoted when it must be (RFC 4180). */
const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

type Seeded = Awaited<ReturnType<typeof seed>>;

interface Screen {
  name: string;
  url: (seeded: Seeded) => string;
  /** Opens what the screen hides behind a click (a modal, a file upload); returns where to look. */
  open?: (page: Page, seeded: Seeded) => Promise<Locator | undefined>;
  texts: (seeded: Seeded["texts"]) => string[];
}

const admin = "/wmscontrolpaneladmin";
const today = todayIn(DEFAULT_TIME_ZONE);

/** Every screen and modal that shows the seeded texts, with the texts it must show. */
const SCREENS: Screen[] = [
  { name: "dashboard", url: () => `${admin}/dashboard`, texts: (t) => [t.item] },
  {
    name: "items",
    url: ({ prefix }) => `${admin}/items?search=${encodeURIComponent(prefix)}`,
    texts: (t) => [t.item, t.description],
  },
  {
    name: "movements",
    url: ({ prefix }) => `${admin}/movements?search=${encodeURIComponent(prefix)}`,
    texts: (t) => [t.item, t.reason, t.supplier],
  },
  {
    name: "Last Movement",
    url: () => `${admin}/movements`,
    open: async (page) => {
      await page.getByRole("button", { name: "Last Movement" }).click();
      return page.getByRole("dialog", { name: "Last Movement" });
    },
    texts: (t) => [t.item, t.supplier, t.invoice, t.warehouse, t.admin],
  },
  { name: "staff and admins", url: () => `${admin}/staff`, texts: (t) => [t.staff, t.admin] },
  { name: "warehouses", url: () => `${admin}/warehouses`, texts: (t) => [t.warehouse, t.location] },
  {
    name: "warehouse grid and a position's modal",
    url: ({ warehouseId }) => `${admin}/warehouses/${warehouseId}`,
    open: async (page, { texts }) => {
      // The grid names the warehouse; its one position's modal lists the item.
      await page.getByText(texts.warehouse).filter({ visible: true }).first().waitFor();
      await page.getByTestId("warehouse-grid").locator("[data-position]").first().click();
      return page.getByRole("dialog");
    },
    texts: (t) => [t.item],
  },
  {
    name: "item history",
    url: ({ itemId }) => `${admin}/items/${itemId}/history`,
    texts: (t) => [t.item, t.reason, t.staff, t.invoice, t.warehouse],
  },
  {
    name: "Movement History report",
    url: () => `${admin}/reports?type=movement-history&start=${today}&end=${today}`,
    texts: (t) => [t.item, t.reason, t.staff, t.invoice, t.supplier, t.warehouse],
  },
  {
    name: "Item Stock report",
    url: () => `${admin}/reports?type=item-stock&end=${today}`,
    texts: (t) => [t.item, t.warehouse],
  },
  {
    name: "Single Item Summary report",
    url: ({ itemId }) =>
      `${admin}/reports?type=single-item-summary&itemId=${itemId}&month=${today.slice(0, 7)}`,
    texts: (t) => [t.item],
  },
  {
    name: "audit log and the purchase's changes",
    url: ({ prefix }) => `${admin}/audit?search=${encodeURIComponent(prefix)}`,
    open: async (page) => {
      await page
        .getByRole("button", { name: /^Show changes to Purchase / })
        .first()
        .click();
      await page.getByRole("table", { name: /^Changes to Purchase / }).waitFor();
      // The whole page: who made the purchase is in its entry's row, the rest in the change view.
      return undefined;
    },
    texts: (t) => [t.admin, t.supplier, t.invoice, t.notes],
  },
  {
    name: "bulk upload preview",
    url: () => `${admin}/items`,
    open: async (page, { texts, warehouseId, prefix }) => {
      const file = path.join(folder, texts.fileName);
      const rows = [
        ["Item Number", "Name", "Description", "Quantity", "Warehouse", "Shelf", "Section"],
        [`${prefix}-UP`, texts.uploadItem, texts.uploadDescription, "1", String(warehouseId), "A", "01"],
      ];
      fs.writeFileSync(file, `${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`);
      await page.getByRole("button", { name: "Bulk Upload CSV" }).click();
      const dialog = page.getByRole("dialog", { name: "Bulk Upload CSV" });
      await dialog.locator('input[type="file"]').setInputFiles(file);
      await dialog.getByRole("table", { name: "Rows of the file" }).waitFor();
      return dialog;
    },
    texts: (t) => [t.uploadItem, t.uploadDescription, t.fileName, t.warehouse],
  },
];

/** Opens a screen (and what it hides), checks that every expected payload shows as text and nothing ran. */
async function visit(page: Page, dialogs: string[], screen: Screen, seeded: Seeded) {
  await page.goto(screen.url(seeded));
  const scope = (await screen.open?.(page, seeded)) ?? page;
  for (const text of screen.texts(seeded.texts)) {
    await scope
      .getByText(text, { exact: false })
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 10_000 })
      .catch((error: Error) => {
        throw new Error(`${screen.name}: ${JSON.stringify(text)} is not shown: ${error.message}`);
      });
  }
  // Give anything injected a moment to fire.
  await page.waitForTimeout(200);
  expect(dialogs, screen.name).toEqual([]);
  const injected = await page
    .locator('img[src="x"], svg[onload], script:not([src]), [onerror], [onload]')
    .count();
  expect(injected, screen.name).toBe(0);
  const javascriptLinks = await page.locator('a[href^="javascript:" i]').count();
  expect(javascriptLinks, screen.name).toBe(0);
}

describe("[SECURITY] stored script payloads", () => {
  it("shows every payload as text on every screen and modal and runs none of them", async () => {
    const page = browser.page();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const seeded = await seed();

    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, `${admin}/dashboard`);
    const visited: string[] = [];
    for (const screen of SCREENS) {
      await visit(page, dialogs, screen, seeded);
      visited.push(screen.name);
    }
    expect(visited).toHaveLength(SCREENS.length);
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
