import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import {
  asAdmin,
  createItem,
  createStaffMember,
  createWarehouse,
  recordMovement,
  uniquePrefix,
} from "./api.ts";
import { axeAudit, COLOR_SCHEMES, useColorScheme } from "./axe.ts";
import { useBrowser } from "./browser.ts";
import { changePassword, expectPath, selectOption, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();

interface Arranged {
  warehouse: { id: number; name: string };
  item: { id: number; itemNo: string; name: string };
  shelf: string;
}

let arranged: Arranged;

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
  arranged = { warehouse, item, shelf };
});

/** Opens a screen by its address and waits for its <h1>. */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
}

async function openDialog(page: Page, button: Locator, name: string): Promise<Locator> {
  await button.click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  return dialog;
}

/** Escape closes an open list first (a focused select), then the dialog. */
async function closeDialog(page: Page, dialog: Locator) {
  for (let attempt = 0; attempt < 3 && (await dialog.isVisible()); attempt += 1) {
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: 1_000 }).catch(() => undefined);
  }
  await dialog.waitFor({ state: "hidden" });
}

for (const scheme of COLOR_SCHEMES) {
  describe(`[A11Y] axe-core on every screen, ${scheme} scheme`, () => {
    it("finds no serious or critical violation on the public pages", async () => {
      const page = browser.page();
      await useColorScheme(page, scheme);
      const found: string[] = [];

      await openScreen(page, "/");
      found.push(...(await axeAudit(page, `${scheme} landing`)));
      await openScreen(page, "/wmscontrolpaneladmin/login");
      found.push(...(await axeAudit(page, `${scheme} admin login`)));
      await openScreen(page, "/staff/login");
      found.push(...(await axeAudit(page, `${scheme} staff login`)));
      // A refused sign-in shows its message.
      await page.getByRole("textbox", { name: "Email", exact: true }).fill("nobody@example.com");
      await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").first().waitFor();
      found.push(...(await axeAudit(page, `${scheme} staff login refused`)));
      await page.goto("/setup");
      await page.waitForLoadState("load");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      found.push(...(await axeAudit(page, `${scheme} setup (${new URL(page.url()).pathname})`)));
      await openScreen(page, "/unauthorized");
      found.push(...(await axeAudit(page, `${scheme} unauthorized`)));

      expect(found).toEqual([]);
      expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
    });

    it("finds no serious or critical violation on the admin screens and their modals", async () => {
      const { warehouse, item } = arranged;
      const page = browser.page();
      await useColorScheme(page, scheme);
      await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
      await expectPath(page, "/wmscontrolpaneladmin/dashboard");
      const found: string[] = [];
      const audit = async (screen: string) =>
        found.push(...(await axeAudit(page, `${scheme} admin ${screen}`)));

      await openScreen(page, "/wmscontrolpaneladmin/dashboard");
      await audit("dashboard");

      await openScreen(page, "/wmscontrolpaneladmin/warehouses");
      await page.getByRole("article", { name: warehouse.name, exact: true }).waitFor();
      await audit("warehouses");

      await openScreen(page, `/wmscontrolpaneladmin/warehouses/${warehouse.id}`);
      const grid = page.getByTestId("warehouse-grid");
      await grid.waitFor();
      await audit("warehouse layout");
      const location = await openDialog(
        page,
        grid.getByRole("button", { name: /^A01, 1 item/ }),
        `Location ${warehouse.name}A01`,
      );
      await location.getByRole("table").waitFor();
      await audit("location modal");
      await closeDialog(page, location);

      await openScreen(page, "/wmscontrolpaneladmin/items");
      await page.getByText(item.name).first().waitFor();
      await audit("items");
      const addItem = await openDialog(page, page.getByRole("button", { name: "Add Item" }), "Add Item");
      await audit("Add Item modal");
      await addItem.getByRole("button", { name: "Add Item" }).click();
      await addItem.getByText("Item number is required").first().waitFor();
      await audit("Add Item modal with errors");
      await closeDialog(page, addItem);

      await openScreen(page, `/wmscontrolpaneladmin/items/${item.id}/history`);
      await page.getByText("Opening stock").first().waitFor();
      await audit("item history");

      await openScreen(page, "/wmscontrolpaneladmin/staff");
      await audit("staff");
      const addStaff = await openDialog(
        page,
        page.getByRole("button", { name: "Add Staff" }).first(),
        "Add Staff",
      );
      await audit("Add Staff modal");
      await closeDialog(page, addStaff);

      await openScreen(page, "/wmscontrolpaneladmin/movements");
      await page.getByRole("table", { name: "Movements" }).waitFor();
      await audit("movements");
      const addMovement = await openDialog(
        page,
        page.getByRole("button", { name: "Add Movement" }),
        "Add Movement",
      );
      await audit("Add Movement modal");
      await closeDialog(page, addMovement);
      const purchase = await openDialog(
        page,
        page.getByRole("button", { name: "New Purchase" }),
        "New Purchase",
      );
      await audit("New Purchase modal");
      await closeDialog(page, purchase);

      await openScreen(page, "/wmscontrolpaneladmin/reports");
      await selectOption(page, page, "Report Type", "Valuation");
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("table", { name: "Valuation" }).getByText(item.itemNo).waitFor();
      await audit("reports with a report");

      await openScreen(
        page,
        `/wmscontrolpaneladmin/audit?entity=item&search=${encodeURIComponent(item.itemNo)}`,
      );
      const toggle = page.getByRole("button", { name: `Show changes to Item ${item.id}` });
      await toggle.waitFor();
      await audit("audit log");
      await toggle.click();
      await page.getByRole("table", { name: `Changes to Item ${item.id}` }).waitFor();
      await audit("audit log with a change expanded");

      await openScreen(page, "/wmscontrolpaneladmin/account");
      await audit("account");

      expect(found).toEqual([]);
      expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
    });

    it("finds no serious or critical violation on the staff screens", async () => {
      const staff = await createStaffMember("Axe Staff");
      const page = browser.page();
      await useColorScheme(page, scheme);
      await signInThroughPortal(page, "staff", staff.email, staff.password);
      await page.getByRole("textbox", { name: "Current password", exact: true }).waitFor();
      const found: string[] = [];
      const audit = async (screen: string) =>
        found.push(...(await axeAudit(page, `${scheme} staff ${screen}`)));
      await audit("forced password change");
      await changePassword(page, staff.password, "axe staff password 2");
      await expectPath(page, "/staff/warehouse");

      await openScreen(page, "/staff/dashboard");
      await audit("dashboard");
      await openScreen(page, `/staff/warehouse?warehouse=${arranged.warehouse.id}`);
      await page.getByTestId("warehouse-grid").waitFor();
      await audit("warehouse");
      await openScreen(page, "/staff/items");
      await audit("items");
      await openScreen(page, "/staff/movements");
      await audit("movements");

      expect(found).toEqual([]);
      expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
    });
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
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

async function focusIsInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.contains(document.activeElement)).catch(() => false);
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
    for (let presses = 0; presses < 3 && !(await hasFocus(deleteItem)); presses += 1) {
      await page.keyboard.press("ArrowDown");
    }
    await page.keyboard.press("Enter");
    await confirm.waitFor();
    await expect.poll(() => focusIsInside(confirm)).toBe(true);
    await closeDialog(page, confirm);
    await expect.poll(() => hasFocus(actions)).toBe(true);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
