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
import { useBrowser } from "./browser.ts";
import { changePassword, expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

/** A phone on the warehouse floor: 375 CSS px wide, a finger for a pointer. */
const PHONE = { width: 375, height: 740 };
const browser = await useBrowser(PHONE, { hasTouch: true, isMobile: true });

/** WCAG 2.5.5's target size, in CSS px. */
const TAP_TARGET = 44;

interface Arranged {
  warehouse: { id: number; name: string };
  item: { id: number; itemNo: string; name: string };
}

let arranged: Arranged;

beforeAll(async () => {
  const prefix = uniquePrefix("PH");
  const warehouse = await createWarehouse(prefix, 4, 6);
  const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Phone Tea ${prefix}`, unitPrice: "4.00" });
  const admin = await asAdmin();
  const response = await admin(`/api/warehouses/${warehouse.id}/container-shelves`, {
    method: "POST",
    body: { name: "bay1" },
  });
  expect(response.status).toBe(201);
  await recordMovement({
    type: "received",
    itemId: item.id,
    quantity: "30",
    to: `${warehouse.name}A01`,
    reason: "Opening stock",
  });
  arranged = { warehouse, item };
});

/**
 * Elements that stick out of the viewport sideways, other than inside a block that scrolls (or clips)
 * on purpose: the layout grid, wide tables. Empty when the page fits the phone.
 */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    // A phone zooms out to show content wider than the screen, so the layout viewport grows too.
    if (document.documentElement.scrollWidth > width + 1 || window.innerWidth > width + 1) {
      problems.push(
        `page wider than the phone: ${document.documentElement.scrollWidth}, ${window.innerWidth} > ${width}`,
      );
    }
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) {
          return false;
        }
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === "auto" || overflow === "scroll" || overflow === "hidden" || overflow === "clip") {
          return true;
        }
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === "hidden") {
        continue;
      }
      // Sticking out at an edge (what is wholly off-screen, like the folded menu, is hidden on purpose).
      const sticksOut = (box.right > width + 1 && box.left < width) || (box.left < -1 && box.right > 0);
      if (sticksOut && !clipped(element)) {
        const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(" ").join(".")}` : ""}`;
        problems.push(
          `${name} [${Math.round(box.left)}, ${Math.round(box.right)}] "${(element.textContent ?? "").trim().slice(0, 40)}"`,
        );
        if (problems.length >= 8) {
          break;
        }
      }
    }
    return problems;
  }, PHONE.width);
}

/** Whether any of the element is inside the viewport (a folded menu is translated off it). */
async function isOnScreen(target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  return box !== null && box.x + box.width > 0 && box.x < PHONE.width;
}

async function expectFits(page: Page, screen: string) {
  await page.waitForTimeout(300);
  expect({ screen, overflow: await sidewaysOverflow(page) }).toEqual({ screen, overflow: [] });
}

/** A box at least 44 x 44 CSS px, the size of a fingertip. */
async function expectTapTarget(target: Locator, what: string) {
  const box = await target.boundingBox();
  if (!box) {
    throw new Error(`${what} is not on screen`);
  }
  expect({ what, width: box.width >= TAP_TARGET - 0.5, height: box.height >= TAP_TARGET - 0.5, box }).toEqual(
    {
      what,
      width: true,
      height: true,
      box,
    },
  );
}

/** A dialog fits the phone: within the viewport's width. */
async function expectDialogFits(dialog: Locator, what: string) {
  const box = await dialog.boundingBox();
  expect(box, what).not.toBeNull();
  if (box) {
    expect({ what, left: box.x >= -1, right: box.x + box.width <= PHONE.width + 1 }).toEqual({
      what,
      left: true,
      right: true,
    });
  }
}

async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
}

/** Opens a screen through the burger menu, the way a phone user does. */
async function navigateByMenu(page: Page, link: string) {
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await page.getByRole("button", { name: "Toggle navigation menu" }).tap();
  await expect.poll(() => isOnScreen(menu.getByRole("link", { name: link }))).toBe(true);
  await menu.getByRole("link", { name: link }).tap();
  await expect.poll(() => isOnScreen(menu.getByRole("link", { name: link }))).toBe(false);
  await page
    .getByRole("heading", { level: 1, name: link === "Warehouses" ? /Warehouse/ : undefined })
    .first()
    .waitFor();
}

/** Taps a Mantine Select open and taps one of its options. */
async function tapOption(
  scope: Locator,
  page: Page,
  label: string,
  option: string | RegExp,
  search?: string,
) {
  const box = scope.getByRole("combobox", { name: label, exact: true });
  // A select focused on opening (data-autofocus) is already showing its list.
  if ((await box.getAttribute("aria-expanded")) !== "true") {
    await box.tap();
  }
  if (search !== undefined) {
    await box.fill(search);
  }
  await page.getByRole("option", { name: option }).first().tap();
}

describe("[PHONE] The app at 375 x 740 with touch", () => {
  it("fits every public page on the phone", async () => {
    const page = browser.page();
    for (const path of ["/", "/wmscontrolpaneladmin/login", "/staff/login", "/setup", "/unauthorized"]) {
      await openScreen(page, path);
      await expectFits(page, path);
    }
    await openScreen(page, "/staff/login");
    await expectTapTarget(page.getByRole("button", { name: "Sign in" }), "Sign in");
    await expectTapTarget(page.getByRole("textbox", { name: "Email", exact: true }), "Email field");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("fits every admin screen, opens the navigation from the burger and fits the modals", async () => {
    const { warehouse, item } = arranged;
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await expectFits(page, "dashboard");

    // The menu is folded behind the burger; the burger opens it and a link closes it again.
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await isOnScreen(menu.getByRole("link", { name: "Movements" }))).toBe(false);
    const burger = page.getByRole("button", { name: "Toggle navigation menu" });
    await expectTapTarget(burger, "burger");
    await burger.tap();
    await expect.poll(() => isOnScreen(menu.getByRole("link", { name: "Movements" }))).toBe(true);
    await expectFits(page, "open menu");
    await expectTapTarget(menu.getByRole("link", { name: "Movements" }), "menu link");
    await menu.getByRole("link", { name: "Movements" }).tap();
    await expectPath(page, "/wmscontrolpaneladmin/movements");
    await expect.poll(() => isOnScreen(menu.getByRole("link", { name: "Movements" }))).toBe(false);
    await page.getByRole("table", { name: "Movements" }).waitFor();
    await expectFits(page, "movements");
    for (const action of ["Add Movement", "Last Movement", "New Purchase"]) {
      await expectTapTarget(page.getByRole("button", { name: action }), action);
    }

    const addMovement = page.getByRole("dialog", { name: "Add Movement" });
    await page.getByRole("button", { name: "Add Movement" }).tap();
    await addMovement.waitFor();
    await expectFits(page, "Add Movement");
    await expectDialogFits(addMovement, "Add Movement");
    await expectTapTarget(addMovement.getByRole("button", { name: "Record Movement" }), "Record Movement");
    await expectTapTarget(addMovement.getByRole("combobox", { name: "Item", exact: true }), "Item field");
    await addMovement.getByRole("button", { name: "Cancel" }).tap();
    await addMovement.waitFor({ state: "hidden" });

    const purchase = page.getByRole("dialog", { name: "New Purchase" });
    await page.getByRole("button", { name: "New Purchase" }).tap();
    await purchase.waitFor();
    await expectFits(page, "New Purchase");
    await expectDialogFits(purchase, "New Purchase");
    await page.keyboard.press("Escape");
    await purchase.waitFor({ state: "hidden" }).catch(async () => {
      await page.keyboard.press("Escape");
      await purchase.waitFor({ state: "hidden" });
    });

    await navigateByMenu(page, "Items");
    // Other files' items may fill the first page: the search brings this file's item onto it.
    await page.getByRole("searchbox", { name: "Search items" }).fill(item.itemNo);
    await page.getByRole("article", { name: `${item.itemNo} ${item.name}` }).waitFor();
    await expectFits(page, "items");
    await expectTapTarget(page.getByRole("button", { name: "Add Item" }), "Add Item");
    const addItem = page.getByRole("dialog", { name: "Add Item" });
    await page.getByRole("button", { name: "Add Item" }).tap();
    await addItem.waitFor();
    await expectDialogFits(addItem, "Add Item");
    await expectFits(page, "Add Item");
    await addItem.getByRole("button", { name: "Cancel" }).tap();
    await addItem.waitFor({ state: "hidden" });

    await openScreen(page, `/wmscontrolpaneladmin/items/${item.id}/history`);
    await page.getByText("Opening stock").first().waitFor();
    await expectFits(page, "item history");

    await navigateByMenu(page, "Warehouses");
    await page.getByRole("article", { name: warehouse.name, exact: true }).waitFor();
    await expectFits(page, "warehouses");

    await openScreen(page, `/wmscontrolpaneladmin/warehouses/${warehouse.id}`);
    const grid = page.getByTestId("warehouse-grid");
    await grid.waitFor();
    await expectFits(page, "warehouse layout");
    await expectTapTarget(grid.getByRole("button", { name: /^A01, 1 item/ }), "grid cell A01");
    await expectTapTarget(
      grid
        .getByRole("button", { name: "F06, empty" })
        .or(grid.getByRole("button", { name: "D06, empty" }))
        .first(),
      "grid cell",
    );
    await expectTapTarget(page.locator('[data-position="BAY1"]'), "container shelf");
    await expectTapTarget(
      page.getByRole("button", { name: "Actions for container shelf BAY1" }),
      "shelf menu",
    );
    await grid.getByRole("button", { name: /^A01, 1 item/ }).tap();
    const location = page.getByRole("dialog", { name: `Location ${warehouse.name}A01` });
    await location.waitFor();
    await expectDialogFits(location, "location");
    await expectFits(page, "location modal");
    await page.keyboard.press("Escape");
    await location.waitFor({ state: "hidden" });

    await navigateByMenu(page, "Staff");
    await expectFits(page, "staff");
    await navigateByMenu(page, "Reports");
    await tapOption(page.locator("main"), page, "Report Type", "Valuation");
    await page.getByRole("button", { name: "Search" }).tap();
    await page.getByRole("table", { name: "Valuation" }).getByText(item.itemNo).waitFor();
    await expectFits(page, "reports");
    await navigateByMenu(page, "Audit Log");
    await expectFits(page, "audit log");
    // The item's entries, one opened to show its changes (a table of fields inside the log's table).
    await openScreen(
      page,
      `/wmscontrolpaneladmin/audit?entity=item&search=${encodeURIComponent(item.itemNo)}`,
    );
    const toggle = page.getByRole("button", { name: `Show changes to Item ${item.id}` });
    await toggle.tap();
    await page.getByRole("table", { name: `Changes to Item ${item.id}` }).waitFor();
    await expectFits(page, "audit log with a change expanded");
    await openScreen(page, "/wmscontrolpaneladmin/account");
    await expectFits(page, "account");

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("records a movement by taps, choosing both locations on the layout", async () => {
    const { warehouse, item } = arranged;
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await openScreen(page, "/wmscontrolpaneladmin/movements");

    await page.getByRole("button", { name: "Add Movement" }).tap();
    const form = page.getByRole("dialog", { name: "Add Movement" });
    await form.waitFor();
    await tapOption(form, page, "Type", "Moved");
    await tapOption(form, page, "Item", new RegExp(`^${item.itemNo}`), item.itemNo);

    // The source, on the layout: a full-screen chooser on the phone; tap the warehouse, then the cell.
    await expectTapTarget(
      form.getByRole("button", { name: "Choose on layout: Source location" }),
      "Choose on layout",
    );
    await form.getByRole("button", { name: "Choose on layout: Source location" }).tap();
    const chooser = page.getByRole("dialog", { name: "Choose on layout: Source location" });
    await chooser.waitFor();
    await tapOption(chooser, page, "Warehouse", warehouse.name, warehouse.name);
    const sourceCell = chooser.getByTestId("warehouse-grid").getByRole("button", { name: /^A01, 1 item/ });
    await sourceCell.waitFor();
    await expectDialogFits(chooser, "layout chooser");
    await expectFits(page, "layout chooser");
    await expectTapTarget(sourceCell, "chooser cell");
    await sourceCell.tap();
    await chooser.waitFor({ state: "hidden" });
    await expect
      .poll(() => form.getByRole("combobox", { name: "Source location", exact: true }).inputValue())
      .toBe(`${warehouse.name}A01`);

    await form.getByRole("button", { name: "Choose on layout: Destination location" }).tap();
    const destinationChooser = page.getByRole("dialog", { name: "Choose on layout: Destination location" });
    await destinationChooser.waitFor();
    await tapOption(destinationChooser, page, "Warehouse", warehouse.name, warehouse.name);
    // A cell off to the side: the grid scrolls inside its block, and the tap still lands.
    const destinationCell = destinationChooser
      .getByTestId("warehouse-grid")
      .getByRole("button", { name: "D06, empty" });
    await destinationCell.scrollIntoViewIfNeeded();
    await destinationCell.tap();
    await destinationChooser.waitFor({ state: "hidden" });
    await expect
      .poll(() => form.getByRole("combobox", { name: "Destination location", exact: true }).inputValue())
      .toBe(`${warehouse.name}D06`);

    await form.getByRole("textbox", { name: "Quantity", exact: true }).tap();
    await page.keyboard.type("8");
    await form.getByRole("textbox", { name: "Reason", exact: true }).tap();
    await page.keyboard.type("Moved on the floor");
    await expectFits(page, "filled Add Movement");
    await form.getByRole("button", { name: "Record Movement" }).tap();
    await form.waitFor({ state: "hidden" });

    const admin = await asAdmin();
    const grid = (await (await admin(`/api/warehouses/${warehouse.id}/grid`)).json()) as {
      positions: { shelf: string; section: string | null; totalQuantity: string }[];
    };
    const quantities = Object.fromEntries(
      grid.positions.map((position) => [
        `${position.shelf}${position.section ?? ""}`,
        Number(position.totalQuantity),
      ]),
    );
    expect(quantities).toMatchObject({ A01: 22, D06: 8 });
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("fits every staff screen, with large tap targets on the floor screens", async () => {
    const { warehouse } = arranged;
    const staff = await createStaffMember("Phone Staff");
    const page = browser.page();
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await page.getByRole("textbox", { name: "Current password", exact: true }).waitFor();
    await expectFits(page, "forced password change");
    await changePassword(page, staff.password, "phone staff password 2");
    await expectPath(page, "/staff/warehouse");

    await openScreen(page, `/staff/warehouse?warehouse=${warehouse.id}`);
    const grid = page.getByTestId("warehouse-grid");
    await grid.getByRole("button", { name: /^A01, / }).waitFor();
    await expectFits(page, "staff warehouse");
    await expectTapTarget(grid.getByRole("button", { name: /^A01, / }), "staff grid cell");
    await expectTapTarget(page.getByRole("combobox").first(), "warehouse selector");

    await navigateByMenu(page, "Items");
    await expectFits(page, "staff items");
    await navigateByMenu(page, "Movements");
    await expectFits(page, "staff movements");
    await expectTapTarget(page.getByRole("button", { name: "Add Movement" }), "staff Add Movement");
    await navigateByMenu(page, "Dashboard");
    await expectFits(page, "staff dashboard");
    await openScreen(page, `/staff/items/${arranged.item.id}/history`);
    await page.getByText("Opening stock").first().waitFor();
    await expectFits(page, "staff item history");
    await openScreen(page, "/staff/account");
    await expectFits(page, "staff account");

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
