import type { Locator, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";
import {
  asAdmin,
  createItem,
  createReadyAdmin,
  createStaffMember,
  createWarehouse,
  recordMovement,
  uniquePrefix,
} from "./api.ts";
import { axeAudit, type ColorScheme, useColorScheme } from "./axe.ts";
import { useBrowser } from "./browser.ts";
import {
  adminScreens,
  closeAllDialogs,
  type Language,
  openDialog,
  PUBLIC_SCREENS,
  type Screen,
  type ScreenData,
  staffScreens,
  tr,
} from "./screens.ts";
import { changePassword, expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();

let data: ScreenData;

beforeAll(async () => {
  const prefix = uniquePrefix("AX");
  const warehouse = await createWarehouse(prefix, 3, 3);
  const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Axe Tea ${prefix}`, unitPrice: "12.50" });
  const admin = await asAdmin();
  const shelf = "EMPTY1";
  const response = await admin(`/api/warehouses/${warehouse.id}/container-shelves`, {
    method: "POST",
    body: { name: shelf },
  });
  expect(response.status).toBe(201);
  await recordMovement({
    type: "received",
    itemId: item.id,
    quantity: "40",
    to: `${warehouse.name}A01`,
    reason: "Opening stock",
  });
  const member = await createStaffMember("Axe Reset Staff");
  data = { warehouse, item, shelf, staffName: member.name, reason: "Opening stock" };
});

/** Opens a screen by its address and waits for its <h1>. */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
}

/** Escape closes an open list first (a focused select), then the dialog. */
async function closeDialog(page: Page, dialog: Locator) {
  for (let attempt = 0; attempt < 3 && (await dialog.isVisible()); attempt += 1) {
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: 1_000 }).catch(() => undefined);
  }
  await dialog.waitFor({ state: "hidden" });
}

/** Whether a condition holds within a moment (the focus moves a frame or two after a dialog opens). */
async function soon(check: () => Promise<boolean>, timeout = 2_000): Promise<boolean> {
  const until = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > until) {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Runs axe on each screen of a table, each state reached on it and each dialog opened from it. Each
 * dialog is opened from the keyboard (its opener is a tab stop, Enter opens it), takes the focus, and
 * gives it back to its opener when Escape closes it. Returns what failed.
 */
async function auditScreens(page: Page, screens: Screen[], language: Language, label: string) {
  const found: string[] = [];
  for (const screen of screens) {
    await openScreen(page, screen.path);
    await screen.ready?.(page, language);
    found.push(...(await axeAudit(page, `${label} ${screen.name}`)));
    for (const view of screen.views ?? []) {
      const name = `${label} ${screen.name} ${view.name}`;
      if (view.kind === "state") {
        await view.reach(page, language);
        found.push(...(await axeAudit(page, name)));
        continue;
      }
      const { dialog, opener } = await openDialog(page, view, language, { keyboard: true });
      if (!(await opener.evaluate((element) => (element as HTMLElement).tabIndex >= 0))) {
        found.push(`[${name}] what opens the dialog is not a tab stop`);
      }
      if (!(await soon(() => focusIsInside(dialog)))) {
        found.push(`[${name}] the focus does not move into the dialog`);
      }
      found.push(...(await axeAudit(page, name)));
      await closeDialog(page, dialog);
      if (!(await soon(() => hasFocus(opener)))) {
        found.push(`[${name}] the focus does not return to what opened the dialog`);
      }
      await closeAllDialogs(page);
    }
  }
  return found;
}

/**
 * Each pass runs every screen and dialog in one browser page: both colour schemes in English on a
 * desktop, and Arabic (right to left) on a 375 px phone screen.
 */
const PASSES = [
  { name: "light scheme", scheme: "light", language: "en", viewport: { width: 1280, height: 800 } },
  { name: "dark scheme", scheme: "dark", language: "en", viewport: { width: 1280, height: 800 } },
  { name: "Arabic at 375 px", scheme: "light", language: "ar", viewport: { width: 375, height: 740 } },
] as const satisfies readonly { name: string; scheme: ColorScheme; language: Language; viewport: object }[];

for (const pass of PASSES) {
  const { scheme, language, viewport } = pass;
  const label = `${scheme}${language === "ar" ? ` ${language} ${viewport.width}px` : ""}`;

  /** A fresh page in the pass's colour scheme, size and device language; dialogs open without motion. */
  const preparePage = async () => {
    const page = browser.page();
    await useColorScheme(page, scheme);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize(viewport);
    await page.addInitScript((value) => window.localStorage.setItem("wms.language", value), language);
    return page;
  };

  describe(`[A11Y] axe-core on every screen and dialog, ${pass.name}`, () => {
    // The browser profile is shared: the next tests start again in the browser's language.
    afterEach(async () => {
      await browser
        .page()
        .evaluate(() => window.localStorage.removeItem("wms.language"))
        .catch(() => undefined);
    });

    it("finds no serious or critical violation on the public pages", async () => {
      const page = await preparePage();
      const found = await auditScreens(page, PUBLIC_SCREENS, language, label);
      // Without a setup link the setup page explains where to find one.
      await openScreen(page, "/setup");
      found.push(...(await axeAudit(page, `${label} setup without a link`)));
      expect(found).toEqual([]);
      expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
    });

    it("finds no serious or critical violation on the admin screens and their dialogs", async () => {
      const admin = await createReadyAdmin(`Axe Admin ${pass.name}`, language);
      const page = await preparePage();
      await signInThroughPortal(page, "admin", admin.email, admin.password, language);
      await expectPath(page, "/wmscontrolpaneladmin/dashboard");
      const found = await auditScreens(page, adminScreens(data), language, `${label} admin`);
      expect(found).toEqual([]);
      expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
    }, 120_000);

    it("finds no serious or critical violation on the staff screens and their dialogs", async () => {
      const staff = await createStaffMember("Axe Staff");
      if (language !== "en") {
        // Saved with the account, so even the forced password change shows in the pass's language.
        const own = await signInOverHttp(browser.baseUrl, "staff", staff.email, staff.password);
        const saved = await own("/api/auth/preferences", { method: "PUT", body: { language } });
        expect(saved.status).toBe(200);
      }
      const page = await preparePage();
      await signInThroughPortal(page, "staff", staff.email, staff.password, language);
      await page
        .getByRole("textbox", { name: tr(language, "account.currentPassword"), exact: true })
        .waitFor();
      const found = await axeAudit(page, `${label} staff forced password change`);
      await changePassword(page, staff.password, "axe staff password 2", language);
      await expectPath(page, "/staff/warehouse");
      found.push(...(await auditScreens(page, staffScreens(data), language, `${label} staff`)));
      expect(found).toEqual([]);
      expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
    }, 60_000);
  });
}

/** Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user does. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 60) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await hasFocus(target)) {
      return;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

async function hasFocus(target: Locator): Promise<boolean> {
  return target
    .evaluate((element) => element === document.activeElement, undefined, { timeout: 1_000 })
    .catch(() => false);
}

async function focusIsInside(dialog: Locator): Promise<boolean> {
  return dialog
    .evaluate((element) => element.contains(document.activeElement), undefined, { timeout: 1_000 })
    .catch(() => false);
}

/**
 * Picks an option of a focused select with the arrow keys, after typing a search if one is given.
 * While a search answer is still arriving the list has no active option yet, so the loop waits a
 * moment instead of racing past it; it fails, rather than pressing Enter on the wrong option, when
 * the option never becomes active.
 */
async function chooseWithKeys(page: Page, box: Locator, option: RegExp, search?: string) {
  if (search !== undefined) {
    await page.keyboard.type(search);
  } else {
    await page.keyboard.press("ArrowDown");
  }
  await page.getByRole("option", { name: option }).first().waitFor();
  for (let presses = 0; presses < 40; presses += 1) {
    // Read the active option in one step: a search answer arriving meanwhile re-renders the list, and
    // an id read first may name an option that is gone by the time it is looked up.
    const label = await box.evaluate((element) => {
      const active = element.getAttribute("aria-activedescendant");
      return (active ? document.getElementById(active)?.textContent : "") ?? "";
    });
    if (option.test(label.trim())) {
      await page.keyboard.press("Enter");
      return;
    }
    if (label === "") {
      await page.waitForTimeout(50);
    }
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`the arrow keys never reached the option ${option}`);
}

describe("[A11Y] Keyboard only", () => {
  it("signs in, records a movement, and moves the focus into each dialog and back to its opener", async () => {
    const prefix = uniquePrefix("KB");
    const warehouse = await createWarehouse(prefix, 2, 2);
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Keyboard Tea ${prefix}` });
    const page = browser.page();

    // Sign in: Tab to each field, type, Enter.
    await page.goto("/wmscontrolpaneladmin/login");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await tabTo(page, page.getByRole("textbox", { name: "Email", exact: true }));
    await page.keyboard.type(E2E_ADMIN.email);
    await tabTo(page, page.getByRole("textbox", { name: "Password", exact: true }));
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press("Enter");
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");

    // The menu, then Add Movement.
    await tabTo(
      page,
      page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Movements" }),
    );
    await page.keyboard.press("Enter");
    await expectPath(page, "/wmscontrolpaneladmin/movements");
    const add = page.getByRole("button", { name: "Add Movement" });
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Movement" });
    await dialog.waitFor();
    await expect.poll(() => focusIsInside(dialog)).toBe(true);

    // Type: back with Shift+Tab, the arrow keys through the list, Enter.
    const type = dialog.getByRole("combobox", { name: "Type", exact: true });
    await tabTo(page, type, "Shift+Tab");
    await chooseWithKeys(page, type, /^Received$/);
    expect(await type.inputValue()).toBe("Received");
    const itemBox = dialog.getByRole("combobox", { name: "Item", exact: true });
    await tabTo(page, itemBox);
    await chooseWithKeys(page, itemBox, new RegExp(`^${item.itemNo}`), item.itemNo);
    await expect.poll(() => itemBox.inputValue()).toContain(item.itemNo);
    const destination = dialog.getByRole("combobox", { name: "Destination location", exact: true });
    // The location fields open once an item is chosen, not merely typed.
    await expect.poll(() => destination.isEnabled()).toBe(true);
    await tabTo(page, destination);
    await chooseWithKeys(page, destination, new RegExp(`^${warehouse.name}A01`), `${warehouse.name}A01`);
    await expect.poll(() => destination.inputValue()).toBe(`${warehouse.name}A01`);
    await tabTo(page, dialog.getByRole("textbox", { name: "Quantity", exact: true }));
    await page.keyboard.type("6");
    await tabTo(page, dialog.getByRole("textbox", { name: "Reason", exact: true }));
    await page.keyboard.type("Counted by keyboard");
    await tabTo(page, dialog.getByRole("button", { name: "Record Movement" }));
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    // The focus returns to the button that opened the dialog.
    await expect.poll(() => hasFocus(add)).toBe(true);

    const admin = await asAdmin();
    const grid = (await (await admin(`/api/warehouses/${warehouse.id}/grid`)).json()) as {
      positions: { shelf: string; section: string | null; totalQuantity: string }[];
    };
    expect(
      grid.positions.map((position) => [position.shelf, position.section, Number(position.totalQuantity)]),
    ).toEqual([["A", "01", 6]]);

    // Space opens it again; Escape closes it (a list open in a select closes first); the focus comes back.
    await page.keyboard.press("Space");
    await dialog.waitFor();
    await expect.poll(() => focusIsInside(dialog)).toBe(true);
    await closeDialog(page, dialog);
    await expect.poll(() => hasFocus(add)).toBe(true);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("reaches the container shelf's delete (the long press) with the Delete and menu keys and its menu button", async () => {
    const prefix = uniquePrefix("KD");
    const warehouse = await createWarehouse(prefix, 2, 2);
    const admin = await asAdmin();
    const created = await admin(`/api/warehouses/${warehouse.id}/container-shelves`, {
      method: "POST",
      body: { name: "spare1" },
    });
    expect(created.status).toBe(201);
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await openScreen(page, `/wmscontrolpaneladmin/warehouses/${warehouse.id}`);
    await page.getByTestId("warehouse-grid").waitFor();

    const shelf = page.locator('[data-position="SPARE1"]');
    const confirm = page.getByRole("dialog", { name: "Delete container shelf SPARE1" });
    await tabTo(page, shelf);
    for (const key of ["Delete", "ContextMenu"]) {
      await page.keyboard.press(key);
      await confirm.getByText("This container shelf is empty and can be safely deleted.").waitFor();
      await expect.poll(() => focusIsInside(confirm)).toBe(true);
      await closeDialog(page, confirm);
      await expect.poll(() => hasFocus(shelf)).toBe(true);
    }

    // The menu button beside the shelf: Enter opens the menu, the arrow keys reach Delete, Enter opens it.
    const actions = page.getByRole("button", { name: "Actions for container shelf SPARE1" });
    await tabTo(page, actions);
    await page.keyboard.press("Enter");
    const deleteItem = page.getByRole("menuitem", { name: "Delete container shelf" });
    await deleteItem.waitFor();
    // The menu takes the focus a moment after it appears: an arrow pressed before then goes to its
    // button, and Enter there would close the menu instead of choosing.
    await expect.poll(() => focusIsInside(page.getByRole("menu"))).toBe(true);
    for (let presses = 0; presses < 3 && !(await hasFocus(deleteItem)); presses += 1) {
      await page.keyboard.press("ArrowDown");
    }
    await expect.poll(() => hasFocus(deleteItem)).toBe(true);
    await page.keyboard.press("Enter");
    await confirm.waitFor();
    await expect.poll(() => focusIsInside(confirm)).toBe(true);
    await closeDialog(page, confirm);
    await expect.poll(() => hasFocus(actions)).toBe(true);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
