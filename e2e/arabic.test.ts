import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../apps/api/test/process/server-process.ts";
import { asAdmin, createItem, createWarehouse, recordMovement, uniqueEmail, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { layoutProblems } from "./layout.ts";
import {
  adminScreens,
  closeAllDialogs,
  type Language,
  openDialog,
  PUBLIC_SCREENS,
  type Screen,
  type ScreenData,
  staffScreens,
} from "./screens.ts";
import { boxesOverlap, expectPath, signInThroughPortal, unexpectedErrors, visibleBox } from "./ui.ts";

const browser = await useBrowser();

type Portal = "admin" | "staff";

const SCREENSHOTS = fileURLToPath(new URL("./screenshots/", import.meta.url));
const WIDTHS = [1280, 375] as const;
const LANGUAGES: Language[] = ["en", "ar"];
const ARABIC = /[\u0600-\u06FF]/;
const FIRST_PASSWORD = "first password 1";

interface Account {
  email: string;
  password: string;
}

/** A fresh account of its own (its saved language is this file's business only), password changed. */
async function createAccount(portal: Portal, name: string): Promise<Account> {
  const admin = await asAdmin();
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "."));
  const created = await admin(portal === "admin" ? "/api/admins" : "/api/staff", {
    method: "POST",
    body: { name, email, password: FIRST_PASSWORD },
  });
  expect(created.status).toBe(201);
  const password = `${portal} arabic password`;
  const own = await signInOverHttp(browser.baseUrl, portal, email, FIRST_PASSWORD);
  const changed = await own("/api/auth/password", {
    method: "POST",
    body: { currentPassword: FIRST_PASSWORD, newPassword: password },
  });
  expect(changed.status).toBeLessThan(300);
  return { email, password };
}

/** Saves an account's language through the API, as the switcher does. */
async function saveLanguage(portal: Portal, account: Account, language: Language) {
  const own = await signInOverHttp(browser.baseUrl, portal, account.email, account.password);
  const response = await own("/api/auth/preferences", { method: "PUT", body: { language } });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { user: { language: string } }).user.language).toBe(language);
}

/** A page of a device that has chosen no language yet (the browser profile is shared by the tests). */
async function freshPage(): Promise<Page> {
  const page = browser.page();
  await page.goto("/");
  await page.evaluate(() => localStorage.clear());
  return page;
}

async function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

async function expectDocumentLanguage(page: Page, language: Language) {
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language, { timeout: 10_000 });
  expect(await documentLanguage(page)).toEqual({ lang: language, dir: language === "ar" ? "rtl" : "ltr" });
}

/** Chooses a language through the switcher of the header (signed in) or of a public page. */
async function chooseLanguage(page: Page, language: Language) {
  await page.getByTestId("language-menu").click();
  await page.getByRole("menuitem", { name: language === "ar" ? "العربية" : "English" }).click();
  await expectDocumentLanguage(page, language);
}

/** Waits until the screen has its heading and no list or figure is still loading. */
async function settle(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, {
    timeout: 10_000,
  });
  // Fonts loaded, then two frames for the layout to settle.
  await page.evaluate(() =>
    document.fonts.ready.then(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    ),
  );
}

/**
 * Checks one screen (or the dialog open on it) in one language at one width and keeps its screenshot:
 * the texts are in that language, and nothing overflows or overlaps.
 */
async function checkScreen(page: Page, name: string, language: Language, width: number, dialog?: Locator) {
  await settle(page);
  await expectDocumentLanguage(page, language);
  const heading = dialog
    ? await dialog.locator(".mantine-Modal-title").innerText()
    : await page.getByRole("heading", { level: 1 }).first().innerText();
  if (language === "ar") {
    expect(heading, `${name}: the heading is in Arabic`).toMatch(ARABIC);
  } else {
    expect(heading, `${name}: the heading is in English`).not.toMatch(ARABIC);
  }
  await page.screenshot({ path: `${SCREENSHOTS}${language}-${width}-${name}.png`, fullPage: !dialog });
  expect.soft(await layoutProblems(page), `${name} (${language}, ${width} px)`).toEqual([]);
}

/**
 * Every screen of a table, then every dialog and state opened from it, in both languages at both
 * widths, in one page: `useLanguage` switches the language before each language's round (each
 * screen is loaded afresh), `extra` checks what particular screens must show.
 */
async function checkScreens(
  page: Page,
  screens: Screen[],
  useLanguage: (language: Language) => Promise<void>,
  extra: (page: Page, name: string, language: Language) => Promise<void> = async () => undefined,
) {
  // Dialogs open and close without their animation (the app honours the setting).
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const language of LANGUAGES) {
    await useLanguage(language);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const screen of screens) {
        await page.goto(screen.path);
        await screen.ready?.(page, language);
        await checkScreen(page, screen.name, language, width);
        await extra(page, screen.name, language);
        for (const view of screen.views ?? []) {
          const name = `${screen.name}-${view.name}`;
          if (view.kind === "state") {
            await view.reach(page, language);
            await checkScreen(page, name, language, width);
            await extra(page, name, language);
          } else {
            const { dialog } = await openDialog(page, view, language);
            await checkScreen(page, name, language, width, dialog);
            await closeAllDialogs(page);
          }
        }
      }
    }
  }
}

interface Fixture {
  admin: Account;
  staff: Account;
  screens: ScreenData;
}

let fixture: Fixture;

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const prefix = uniquePrefix("AR");
  const warehouse = await createWarehouse(prefix, 3, 4);
  const item = await createItem({
    itemNo: `${prefix}-TEA`,
    name: `Karak Tea ${prefix}`,
    unit: "kilogram",
    unitPrice: "1234.5",
  });
  const shelf = "EMPTY1";
  const created = await (await asAdmin())(`/api/warehouses/${warehouse.id}/container-shelves`, {
    method: "POST",
    body: { name: shelf },
  });
  expect(created.status).toBe(201);
  await recordMovement({
    type: "received",
    itemId: item.id,
    quantity: "1250.5",
    to: `${warehouse.name}A01`,
    reason: "Opening stock",
  });
  await recordMovement({
    type: "moved",
    itemId: item.id,
    quantity: "12",
    from: `${warehouse.name}A01`,
    to: `${warehouse.name}B03`,
    reason: "Reshelving",
  });
  fixture = {
    admin: await createAccount("admin", "Arabic Admin"),
    staff: await createAccount("staff", "Arabic Staff"),
    screens: { warehouse, item, shelf, staffName: "Arabic Staff", reason: "Opening stock" },
  };
}, 60_000);

describe("[ARABIC] Arabic and right-to-left", () => {
  it("switches to Arabic through the switcher, right to left, and remembers it per user", async () => {
    const page = await freshPage();
    const { admin } = fixture;

    // Before sign-in: the browser's language (English here), the choice remembered on this device.
    await page.goto("/");
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expectDocumentLanguage(page, "en");
    await chooseLanguage(page, "ar");
    await page.getByRole("heading", { level: 1 }).filter({ hasText: ARABIC }).waitFor();
    await page.reload();
    await expectDocumentLanguage(page, "ar");
    expect(await page.evaluate(() => localStorage.getItem("wms.language"))).toBe("ar");
    await chooseLanguage(page, "en");

    // Signed in, the switcher saves the choice with the account, without a reload.
    await signInThroughPortal(page, "admin", admin.email, admin.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await expectDocumentLanguage(page, "en");
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/auth/preferences") && response.request().method() === "PUT",
    );
    await chooseLanguage(page, "ar");
    expect((await saved).status()).toBe(200);
    const menu = page.getByRole("navigation", { name: "القائمة الرئيسية" });
    await menu.getByRole("link", { name: "الأصناف" }).waitFor();
    await page.getByRole("heading", { level: 1, name: "لوحة المعلومات" }).waitFor();

    // The frame mirrors: the menu sits on the right of the screen.
    const navbar = await menu.boundingBox();
    const main = await page.locator("main").boundingBox();
    expect(navbar && main && navbar.x > main.x).toBe(true);

    await page.reload();
    await expectDocumentLanguage(page, "ar");

    // Another device (no cookies, no remembered choice): English until sign-in, then the saved Arabic.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInThroughPortal(page, "admin", admin.email, admin.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await expectDocumentLanguage(page, "ar");
    await page.getByRole("heading", { level: 1, name: "لوحة المعلومات" }).waitFor();

    // And back to English, left to right.
    await chooseLanguage(page, "en");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const account = await signInOverHttp(browser.baseUrl, "admin", admin.email, admin.password);
    const session = (await (await account("/api/session")).json()) as { user: { language: string } };
    expect(session.user.language).toBe("en");

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("shows Arabic server messages, and English ones in the server's exact words", async () => {
    const page = await freshPage();
    await page.goto("/wmscontrolpaneladmin/login");
    await page.evaluate(() => localStorage.setItem("wms.language", "ar"));
    await page.reload();
    await page.getByRole("textbox", { name: "البريد الإلكتروني", exact: true }).fill("nobody@example.com");
    await page.getByRole("textbox", { name: "كلمة المرور", exact: true }).fill("wrong password 1");
    await page.getByRole("button", { name: "تسجيل الدخول" }).click();
    await page.getByText("فشل دخول المسؤول: البريد الإلكتروني أو كلمة المرور غير صحيحة").waitFor();

    await chooseLanguage(page, "en");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Admin login failed: Invalid email or password").waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("shows notifications at the bottom corner where reading ends, clear of the header and the page's actions", async () => {
    const page = await freshPage();
    const { admin } = fixture;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInThroughPortal(page, "admin", admin.email, admin.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    for (const language of LANGUAGES) {
      await saveLanguage("admin", admin, language);
      await page.goto("/wmscontrolpaneladmin/items");
      await expectDocumentLanguage(page, language);
      const arabic = language === "ar";
      const itemNo = uniquePrefix("NT");
      await page
        .getByRole("button", { name: arabic ? "إضافة صنف" : "Add Item" })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: arabic ? "إضافة صنف" : "Add Item" });
      await dialog
        .getByRole("textbox", { name: arabic ? "رقم الصنف" : "Item Number", exact: true })
        .fill(itemNo);
      await dialog
        .getByRole("textbox", { name: arabic ? "الاسم" : "Name", exact: true })
        .fill(`Tea ${itemNo}`);
      await dialog.getByRole("button", { name: arabic ? "إضافة صنف" : "Add Item" }).click();
      const notification = page.locator(".mantine-Notification-root").filter({ hasText: `Tea ${itemNo}` });
      const box = await visibleBox(notification);
      const centre = box.x + box.width / 2;
      expect(arabic ? centre < 640 : centre > 640, `${language}: notification at x=${box.x}`).toBe(true);
      expect(box.y, `${language}: notification in the lower half`).toBeGreaterThan(400);
      const header = await visibleBox(page.getByRole("banner"));
      const addItem = await visibleBox(
        page.getByRole("button", { name: arabic ? "إضافة صنف" : "Add Item" }).first(),
      );
      expect(boxesOverlap(box, header), `${language}: notification over the header`).toBe(false);
      expect(boxesOverlap(box, addItem), `${language}: notification over Add Item`).toBe(false);
    }
    await saveLanguage("admin", admin, "en");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("lays out the public pages in both languages without overflow or overlap", async () => {
    const page = await freshPage();
    await page.goto("/");
    await checkScreens(page, PUBLIC_SCREENS, async (language) => {
      await page.evaluate((lang) => localStorage.setItem("wms.language", lang), language);
    });
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  }, 120_000);

  it("lays out every admin screen and dialog in both languages without overflow or overlap", async () => {
    const page = await freshPage();
    const { admin } = fixture;
    await signInThroughPortal(page, "admin", admin.email, admin.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await checkScreens(
      page,
      adminScreens(fixture.screens),
      (language) => saveLanguage("admin", admin, language),
      checkSpecifics,
    );
    await saveLanguage("admin", admin, "en");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  }, 300_000);

  it("lays out every staff screen and dialog in both languages without overflow or overlap", async () => {
    const page = await freshPage();
    const { staff } = fixture;
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await page.waitForURL((url) => url.pathname.startsWith("/staff/") && url.pathname !== "/staff/login");
    await checkScreens(
      page,
      staffScreens(fixture.screens),
      (language) => saveLanguage("staff", staff, language),
      checkSpecifics,
    );
    await saveLanguage("staff", staff, "en");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  }, 180_000);
});

/** What some screens must show in each language beyond their layout. */
async function checkSpecifics(page: Page, name: string, language: Language) {
  if (name === "admin-warehouse-layout" || name === "staff-warehouse") {
    await checkGrid(page, fixture.screens.warehouse.name, language);
  }
  if (name === "admin-reports-movement-history") {
    await checkMovementHistory(page, language);
  }
  if (name === "admin-reports-valuation") {
    // The totals rows and the units read in the interface language (item types stay codes).
    const arabic = language === "ar";
    const table = page.getByRole("table").first();
    await table
      .locator("tfoot")
      .getByRole("cell", { name: arabic ? "الإجمالي" : "Total", exact: true })
      .waitFor();
    await table
      .getByRole("cell", { name: arabic ? "كيلوغرام" : "kilogram", exact: true })
      .first()
      .waitFor();
  }
}

/**
 * The grid in either direction: sections keep their order by number along the reading direction
 * (01 at the inline start: left in English, right in Arabic), and codes stay Latin.
 */
async function checkGrid(page: Page, warehouseName: string, language: Language) {
  const grid = page.getByTestId("warehouse-grid");
  await grid.waitFor();
  const first = grid.locator('[data-position="A01"]');
  const second = grid.locator('[data-position="A02"]');
  const firstBox = await first.boundingBox();
  const secondBox = await second.boundingBox();
  expect(firstBox && secondBox).toBeTruthy();
  if (firstBox && secondBox) {
    expect(language === "ar" ? firstBox.x > secondBox.x : firstBox.x < secondBox.x).toBe(true);
  }
  expect((await first.innerText()).trim()).toBe("A01");
  expect(await first.getAttribute("aria-label")).toContain("A01");
  expect(warehouseName).toMatch(/^[A-Z0-9]+$/);
}

/** The Movement History report, whose headings and movement types come from the server. */
async function checkMovementHistory(page: Page, language: Language) {
  const arabic = language === "ar";
  const table = page.getByRole("table").first();
  const headings = await table.getByRole("columnheader").allInnerTexts();
  expect(headings[0]?.trim()).toBe(arabic ? "التاريخ" : "Date");
  await table
    .getByRole("cell", { name: arabic ? "استلام" : "Received", exact: true })
    .first()
    .waitFor();
}
