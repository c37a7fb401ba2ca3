import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
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
import { csvText, downloadFile, parseCsv } from "./csv.ts";
import { withDatabase } from "./db.ts";
import { holdRequests } from "./network.ts";
import {
  changePassword,
  expectPath,
  pickSearchOption,
  selectOption,
  signInThroughPortal,
  unexpectedErrors,
} from "./ui.ts";

const browser = await useBrowser();

const EXPORT_HEADERS = [
  "Item Number",
  "Name",
  "Description",
  "Type",
  "Unit",
  "Unit Price",
  "Quantity",
  "Warehouse",
  "Shelf",
  "Section",
];

/** Adds a container shelf through the API (the server upper-cases its name). */
async function addContainerShelf(warehouseId: number, name: string) {
  const admin = await asAdmin();
  const response = await admin(`/api/warehouses/${warehouseId}/container-shelves`, {
    method: "POST",
    body: { name },
  });
  expect(response.status).toBe(201);
}

/** Creates an item with every field the exports carry. */
async function createFullItem(item: {
  itemNo: string;
  name: string;
  description: string;
  type: string;
  unit: string;
  unitPrice: string;
}) {
  const admin = await asAdmin();
  const response = await admin("/api/items", { method: "POST", body: item });
  expect(response.status).toBe(201);
  return (await response.json()) as {
    id: number;
    itemNo: string;
    name: string;
    unit: string;
    unitPrice: string;
  };
}

/** Opens a warehouse's layout from Warehouse Management, the way an admin does. */
async function openLayoutAsAdmin(page: Page, warehouse: { id: number; name: string }) {
  await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
  await expectPath(page, "/wmscontrolpaneladmin/dashboard");
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Warehouses" }).click();
  await expectPath(page, "/wmscontrolpaneladmin/warehouses");
  await page
    .getByRole("article", { name: warehouse.name, exact: true })
    .getByRole("link", { name: `View layout of ${warehouse.name}` })
    .click();
  await expectPath(page, `/wmscontrolpaneladmin/warehouses/${warehouse.id}`);
  await page.getByRole("heading", { level: 2, name: warehouse.name }).waitFor();
  return page.getByTestId("warehouse-grid");
}

/** A cell of the grid (or a container shelf) by its code, e.g. "A01" or "COLD". */
function cell(scope: Page | Locator, code: string): Locator {
  return scope.locator(`[data-position="${code}"]`);
}

/** What the first frame showing a 100 x 20 grid holds when it draws the cells in view first. */
const cellsInViewOnly = {
  busy: true,
  lastShelfDrawn: false,
  lastSectionDrawn: false,
  reachesBottom: true,
  reachesEnd: true,
};

/**
 * Waits for the first frame that shows the grid's cells, and reads it before the browser paints it: is
 * the grid busy, are the last shelf (CV) and the last section (20) drawn, and do the cells drawn reach
 * the bottom and the inline end of what can be seen of the scroller. Then presses `key` on A01 and
 * gives the cell the focus went to.
 */
async function firstGridFrame(page: Page, key: { key: string; ctrlKey?: boolean }) {
  const frame = await page.waitForFunction(
    (pressed) => {
      const layout = document.querySelector("[data-testid='warehouse-grid']");
      const first = layout?.querySelector<HTMLElement>('[data-position="A01"]');
      const scroller = layout?.parentElement?.getBoundingClientRect();
      if (!layout || !first?.parentElement || !scroller) {
        return false;
      }
      const drawn = layout.querySelectorAll("[data-position]");
      const firstShelf = first.parentElement.querySelectorAll("[data-position]");
      const lastDrawn = drawn[drawn.length - 1]?.getBoundingClientRect();
      const endOfFirstShelf = firstShelf[firstShelf.length - 1]?.getBoundingClientRect();
      const rtl = getComputedStyle(layout).direction === "rtl";
      const read = {
        busy: layout.getAttribute("aria-busy") === "true",
        lastShelfDrawn: layout.querySelector('[data-position^="CV"]') !== null,
        lastSectionDrawn: layout.querySelector('[data-position$="20"]') !== null,
        reachesBottom: (lastDrawn?.bottom ?? 0) >= Math.min(scroller.bottom, window.innerHeight),
        reachesEnd: rtl
          ? (endOfFirstShelf?.left ?? 0) <= Math.max(scroller.left, 0)
          : (endOfFirstShelf?.right ?? 0) >= Math.min(scroller.right, window.innerWidth),
      };
      first.focus();
      first.dispatchEvent(new KeyboardEvent("keydown", { ...pressed, bubbles: true }));
      return { ...read, focused: document.activeElement?.getAttribute("data-position") };
    },
    key,
    { polling: "raf", timeout: 15_000 },
  );
  return frame.jsonValue();
}

/** What the database holds in a warehouse, one row per item per position, as the exports write it. */
async function stockRows(warehouseId: number, shelf?: string, section?: string | null): Promise<string[][]> {
  return withDatabase(async (client) => {
    const result = await client.query<{
      item_no: string;
      name: string;
      description: string;
      type: string;
      unit: string;
      unit_price: string;
      quantity: string;
      warehouse: string;
      shelf: string;
      section: string | null;
    }>(
      `select i.item_no, i.name, i.description, i.type, i.unit, i.unit_price::text, b.quantity::text,
              w.name as warehouse, l.shelf, l.section
       from stock_balances b
       join locations l on l.id = b.location_id
       join items i on i.id = b.item_id
       join warehouses w on w.id = l.warehouse_id
       where w.id = $1 and ($2::text is null or l.shelf = $2) and ($3::text is null or l.section = $3)`,
      [warehouseId, shelf ?? null, section ?? null],
    );
    return result.rows.map((row) => [
      row.item_no,
      row.name,
      row.description,
      row.type,
      row.unit,
      String(Number(row.unit_price)),
      String(Number(row.quantity)),
      row.warehouse,
      row.shelf,
      row.section ?? "",
    ]);
  });
}

/** A CSV row as the database compares it: formula neutralisation undone, numbers normalised. */
function comparable(row: string[]): string[] {
  return row.map((value, index) => {
    if (index === 5 || index === 6) {
      return String(Number(value));
    }
    return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
  });
}

const byText = (a: string[], b: string[]) => a.join("|").localeCompare(b.join("|"));

describe("[GRID] Warehouse layout grid", () => {
  it("opens a location in view-only mode with its items, or the empty text, and highlights a search", async () => {
    const prefix = uniquePrefix("GV");
    const warehouse = await createWarehouse(prefix, 3, 3);
    const tea = await createItem({
      itemNo: `${prefix}-TEA`,
      name: `Green Tea ${prefix}`,
      unitPrice: "12.50",
    });
    const coffee = await createItem({ itemNo: `${prefix}-COF`, name: `Arabica ${prefix}`, unitPrice: "40" });
    const [a01, b02] = [`${warehouse.name}A01`, `${warehouse.name}B02`];
    await recordMovement({ type: "received", itemId: tea.id, quantity: "10", to: a01, reason: "Opening" });
    await recordMovement({ type: "received", itemId: tea.id, quantity: "4", to: b02, reason: "Opening" });
    await recordMovement({ type: "received", itemId: coffee.id, quantity: "3", to: b02, reason: "Opening" });

    const page = browser.page();
    const grid = await openLayoutAsAdmin(page, warehouse);
    // first(): the location matched twice once in a run beside phone.test.ts; its presence is what counts.
    await page.getByText("Jebel Ali, Dubai").first().waitFor();
    await page.getByText("Total value: AED 295.00").waitFor(); // 14 x 12.50 + 3 x 40
    // The legend of an admin view, with Long press to delete.
    const legend = page.getByRole("list", { name: "Legend" });
    for (const entry of [
      "Empty",
      "Has Items",
      "Selected",
      "Value (AED)",
      "Click to view",
      "Long press to delete",
    ]) {
      await legend.getByText(entry, { exact: true }).waitFor();
    }
    expect(await grid.locator("[data-position]").count()).toBe(9);

    // An occupied cell: its label, quantity and value, and the modal with the items.
    const occupied = grid.getByRole("button", { name: `B02, 2 items, quantity 7, AED 170.00` });
    await occupied.waitFor();
    // The code is the cell's text; its figures are drawn by CSS from data attributes (label in name).
    expect(await occupied.innerText()).toMatch(/^B02\s*$/);
    expect([await occupied.getAttribute("data-quantity"), await occupied.getAttribute("data-value")]).toEqual(
      ["7", "170.00"],
    );
    await occupied.click();
    const details = page.getByRole("dialog", { name: `Location ${b02}` });
    await details.getByText("Total value: AED 170.00").waitFor();
    const table = details.getByRole("table", { name: `Items in ${b02}` });
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual([
      "Item Details",
      "Type & Unit",
      "Quantity",
      "Value",
    ]);
    const rows = table.getByRole("row");
    expect(await rows.count()).toBe(3);
    const teaRow = rows.filter({ hasText: tea.itemNo });
    await teaRow.getByText(tea.name).waitFor();
    await teaRow.getByText("RAW MATERIAL").waitFor();
    await teaRow.getByText("4 pieces").waitFor();
    await teaRow.getByText("AED 50.00").waitFor();
    await rows.filter({ hasText: coffee.itemNo }).getByText("AED 120.00").waitFor();
    await details.getByRole("button", { name: "Export CSV" }).waitFor();
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });

    // An empty cell: the spec's empty text.
    await grid.getByRole("button", { name: "A02, empty" }).click();
    const empty = page.getByRole("dialog", { name: `Location ${warehouse.name}A02` });
    await empty.getByText("No items stored in this location").waitFor();
    expect(await empty.getByRole("button", { name: "Export CSV" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await empty.waitFor({ state: "hidden" });

    // The keyboard: one tab stop, arrows move between cells, Enter opens.
    await grid.getByRole("button", { name: /^A01,/ }).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: `Location ${b02}` }).waitFor();
    await page.keyboard.press("Escape");

    // Search: matching cells are highlighted, by item name or number, ignoring case.
    const search = page.getByRole("searchbox", { name: "Search this warehouse" });
    await search.fill("arabica");
    await page.getByText('Showing results for "arabica"').waitFor();
    await page.getByText("1 location holds a match").waitFor();
    expect(await cell(grid, "B02").getAttribute("data-match")).toBe("true");
    expect(await cell(grid, "A01").getAttribute("data-match")).toBeNull();
    expect(await cell(grid, "A01").getAttribute("data-dimmed")).toBe("true");
    await search.fill(tea.itemNo.toLowerCase());
    await page.getByText(`Showing results for "${tea.itemNo.toLowerCase()}"`).waitFor();
    await page.getByText("2 locations hold a match").waitFor();
    expect(await cell(grid, "A01").getAttribute("data-match")).toBe("true");
    await grid
      .getByRole("button", { name: /^B02, 2 items, quantity 7, AED 170\.00, matches the search$/ })
      .waitFor();
    await search.fill("");
    await expect.poll(() => page.getByText(/Showing results for/).count()).toBe(0);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("exports the inventory and a location as CSV files that match the database, formulas neutralised", async () => {
    const prefix = uniquePrefix("GC");
    const warehouse = await createWarehouse(prefix, 2, 2);
    await addContainerShelf(warehouse.id, "cold");
    const made = [
      { itemNo: `${prefix}-1`, name: "=SUM(1+1)", description: '+stacked, "quoted"', type: "TEA" },
      { itemNo: `${prefix}-2`, name: "+971 Dates", description: "-", type: "FINISHED" },
      { itemNo: `${prefix}-3`, name: "-Minus", description: "@home", type: "OTHER" },
      { itemNo: `${prefix}-4`, name: "@Handle", description: "line one\nline two", type: "PLM" },
      { itemNo: `${prefix}-5`, name: "شاي أخضر فاخر", description: "تمر سكري", type: "TEA" },
    ];
    const items = [];
    for (const [index, item] of made.entries()) {
      items.push(
        await createFullItem({ ...item, unit: index % 2 ? "kilogram" : "box", unitPrice: `${index + 1}.25` }),
      );
    }
    const [one, two, three, four, five] = items;
    if (!(one && two && three && four && five)) {
      throw new Error("items not created");
    }
    const code = (position: string) => `${warehouse.name}${position}`;
    await recordMovement({ type: "received", itemId: one.id, quantity: "5", to: code("A01"), reason: "In" });
    await recordMovement({
      type: "received",
      itemId: two.id,
      quantity: "2.5",
      to: code("A01"),
      reason: "In",
    });
    await recordMovement({
      type: "received",
      itemId: three.id,
      quantity: "7",
      to: code("B02"),
      reason: "In",
    });
    await recordMovement({
      type: "received",
      itemId: four.id,
      quantity: "1",
      to: code("COLD"),
      reason: "In",
    });
    await recordMovement({
      type: "received",
      itemId: five.id,
      quantity: "3",
      to: code("COLD"),
      reason: "In",
    });
    await recordMovement({ type: "received", itemId: five.id, quantity: "8", to: code("B01"), reason: "In" });

    await exportAndCompare(warehouse, code);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  async function exportAndCompare(
    warehouse: { id: number; name: string },
    code: (position: string) => string,
  ) {
    const page = browser.page();
    await openLayoutAsAdmin(page, warehouse);

    // The inventory export: one row per item per position, with Section.
    const inventory = await downloadFile(page, page.getByRole("button", { name: "Export Inventory CSV" }));
    expect(inventory.name).toBe(`${warehouse.name}_Inventory.csv`);
    const inventoryText = csvText(inventory.bytes);
    // Formulas are neutralised by a leading quote; Arabic stays readable UTF-8.
    expect(inventoryText).toContain(`"'=SUM(1+1)"`);
    expect(inventoryText).toContain(`"'+971 Dates"`);
    expect(inventoryText).toContain(`"'-Minus"`);
    expect(inventoryText).toContain(`"'@Handle"`);
    expect(inventoryText).toContain(`"'+stacked, ""quoted"""`);
    expect(inventoryText).toContain('"شاي أخضر فاخر"');
    expect(inventory.bytes.includes(Buffer.from("شاي أخضر فاخر", "utf8"))).toBe(true);
    const [header, ...rows] = parseCsv(inventoryText);
    expect(header).toEqual(EXPORT_HEADERS);
    expect(rows).toHaveLength(6);
    expect(rows.map(comparable).sort(byText)).toEqual((await stockRows(warehouse.id)).sort(byText));
    // Layout order: A01, B01, B02, then the container shelf (no section).
    expect(rows.map((row) => `${row[8]}${row[9]}`)).toEqual(["A01", "A01", "B01", "B02", "COLD", "COLD"]);

    // A location's export, from its modal.
    await cell(page, "COLD").click();
    const details = page.getByRole("dialog", { name: `Location ${code("COLD")}` });
    const location = await downloadFile(page, details.getByRole("button", { name: "Export CSV" }));
    expect(location.name).toBe(`${warehouse.name}_COLD.csv`);
    const locationText = csvText(location.bytes);
    expect(locationText).toContain(`"'@Handle"`);
    const [locationHeader, ...locationRows] = parseCsv(locationText);
    expect(locationHeader).toEqual(EXPORT_HEADERS);
    expect(locationRows.map(comparable).sort(byText)).toEqual(
      (await stockRows(warehouse.id, "COLD")).sort(byText),
    );
    await page.keyboard.press("Escape");

    await cell(page, "A01").click();
    const a01 = await downloadFile(
      page,
      page
        .getByRole("dialog", { name: `Location ${code("A01")}` })
        .getByRole("button", { name: "Export CSV" }),
    );
    expect(a01.name).toBe(`${warehouse.name}_A01.csv`);
    const [, ...a01Rows] = parseCsv(csvText(a01.bytes));
    expect(a01Rows.map(comparable).sort(byText)).toEqual(
      (await stockRows(warehouse.id, "A", "01")).sort(byText),
    );
  }

  it("chooses the source and destination of a movement on the layout (select mode)", async () => {
    const prefix = uniquePrefix("GS");
    const warehouse = await createWarehouse(prefix, 3, 3);
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Layout Tea ${prefix}` });
    await recordMovement({
      type: "received",
      itemId: item.id,
      quantity: "12",
      to: `${warehouse.name}A01`,
      reason: "Opening",
    });

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/movements");
    await page.getByRole("button", { name: "Add Movement" }).click();
    const form = page.getByRole("dialog", { name: "Add Movement" });
    await selectOption(form, page, "Type", "Moved");
    await pickSearchOption(form, page, "Item", item.itemNo, new RegExp(`^${item.itemNo}`));

    // The source: only positions holding the item can be chosen.
    await form.getByRole("button", { name: "Choose on layout: Source location" }).click();
    const chooser = page.getByRole("dialog", { name: "Choose on layout: Source location" });
    await selectOption(chooser, page, "Warehouse", warehouse.name);
    const sourceGrid = chooser.getByTestId("warehouse-grid");
    await sourceGrid.getByRole("button", { name: /^A01, 1 item/ }).waitFor();
    await chooser.getByText("Click to select", { exact: true }).waitFor();
    expect(await chooser.getByText("Long press to delete").count()).toBe(0);
    const emptyCell = sourceGrid.getByRole("button", { name: "B02, empty, cannot be chosen" });
    expect(await emptyCell.getAttribute("aria-disabled")).toBe("true");
    await emptyCell.click({ force: true });
    expect(await chooser.isVisible()).toBe(true);
    await sourceGrid.getByRole("button", { name: /^A01, 1 item/ }).click();
    await chooser.waitFor({ state: "hidden" });
    const source = form.getByRole("combobox", { name: "Source location", exact: true });
    await expect.poll(() => source.inputValue()).toBe(`${warehouse.name}A01`);
    await form.getByText("Available: 12 pieces").waitFor();

    // The destination: any position, here an empty one; the chooser opens on the source's warehouse.
    await form.getByRole("button", { name: "Choose on layout: Destination location" }).click();
    const destinationChooser = page.getByRole("dialog", { name: "Choose on layout: Destination location" });
    const destinationGrid = destinationChooser.getByTestId("warehouse-grid");
    await selectOption(destinationChooser, page, "Warehouse", warehouse.name);
    await destinationGrid.getByRole("button", { name: "C03, empty" }).click();
    await destinationChooser.waitFor({ state: "hidden" });
    const destination = form.getByRole("combobox", { name: "Destination location", exact: true });
    await expect.poll(() => destination.inputValue()).toBe(`${warehouse.name}C03`);

    await form.getByRole("textbox", { name: "Quantity", exact: true }).fill("5");
    await form.getByRole("textbox", { name: "Reason", exact: true }).fill("Chosen on the layout");
    await form.getByRole("button", { name: "Record Movement" }).click();
    await form.waitFor({ state: "hidden" });

    // The ledger agrees: 7 left at A01, 5 at C03.
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
    expect(quantities).toEqual({ A01: 7, C03: 5 });

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("deletes an empty container shelf after a long press and admin credentials, and refuses a stocked one", async () => {
    const prefix = uniquePrefix("GD");
    const warehouse = await createWarehouse(prefix, 2, 2);
    await addContainerShelf(warehouse.id, "empty1");
    await addContainerShelf(warehouse.id, "full1");
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Shelf Tea ${prefix}` });
    await recordMovement({
      type: "received",
      itemId: item.id,
      quantity: "2",
      to: `${warehouse.name}FULL1`,
      reason: "Opening",
    });

    const page = browser.page();
    await openLayoutAsAdmin(page, warehouse);
    const longPress = async (target: Locator) => {
      // Nothing may cover the shelf: wait until closed dialogs have faded out.
      await expect.poll(() => page.locator(".mantine-Modal-overlay, [role='dialog']").count()).toBe(0);
      const box = await target.boundingBox();
      if (!box) {
        throw new Error("no box");
      }
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.waitForTimeout(1_000);
      await page.mouse.up();
    };

    // A short click views the shelf; it does not offer deletion.
    await cell(page, "FULL1").click();
    await page.getByRole("dialog", { name: `Location ${warehouse.name}FULL1` }).waitFor();
    await page.keyboard.press("Escape");

    // A stocked shelf: the long press explains why it cannot be deleted.
    await longPress(cell(page, "FULL1"));
    const refused = page.getByRole("dialog", { name: "Delete container shelf FULL1" });
    await refused.getByText("This container shelf has 1 item(s).").waitFor();
    await refused
      .getByText("Please move all items to another location before deleting this container shelf.")
      .waitFor();
    expect(await refused.getByRole("textbox", { name: "Password", exact: true }).count()).toBe(0);
    expect(await page.getByRole("dialog", { name: `Location ${warehouse.name}FULL1` }).count()).toBe(0);
    await refused.getByRole("button", { name: "Close", exact: true }).click();
    await refused.waitFor({ state: "hidden" });

    // The keyboard equivalent (Delete) and the menu equivalent open the same dialog.
    await cell(page, "FULL1").focus();
    await page.keyboard.press("Delete");
    await refused.getByText("This container shelf has 1 item(s).").waitFor();
    await page.keyboard.press("Escape");
    await refused.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Actions for container shelf EMPTY1" }).click();
    await page.getByRole("menuitem", { name: "Delete container shelf" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete container shelf EMPTY1" });
    await confirm.getByText("This container shelf is empty and can be safely deleted.").waitFor();
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "hidden" });

    // An empty shelf: the long press asks for admin credentials, checked by the server.
    await longPress(cell(page, "EMPTY1"));
    await confirm.getByText("This container shelf is empty and can be safely deleted.").waitFor();
    const email = confirm.getByRole("textbox", { name: "Email", exact: true });
    const password = confirm.getByRole("textbox", { name: "Password", exact: true });
    const deleteButton = confirm.getByRole("button", { name: "Delete container shelf", exact: true });
    expect(await email.inputValue()).toBe(E2E_ADMIN.email);
    expect(await deleteButton.isDisabled()).toBe(true);
    await password.fill("not the admin password");
    await email.fill("");
    expect(await deleteButton.isDisabled()).toBe(true);
    await email.fill(E2E_ADMIN.email);
    await deleteButton.click();
    await confirm.getByText("Invalid admin credentials. Please try again.").waitFor();
    await password.fill(E2E_ADMIN.password);
    await deleteButton.click();
    await confirm.waitFor({ state: "hidden" });
    await page.getByText(`Container shelf EMPTY1 has been deleted from ${warehouse.name}.`).waitFor();
    await cell(page, "EMPTY1").waitFor({ state: "detached" });
    await cell(page, "FULL1").waitFor();

    const admin = await asAdmin();
    const summary = (await (await admin(`/api/warehouses/${warehouse.id}`)).json()) as {
      containerShelves: string[];
    };
    expect(summary.containerShelves).toEqual(["FULL1"]);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("draws a 100 x 20 layout whole, its last shelf reached from the first by the keyboard", async () => {
    const prefix = uniquePrefix("GL");
    const warehouse = await createWarehouse(prefix, 100, 20);
    const item = await createItem({
      itemNo: `${prefix}-LAST`,
      name: `Far Shelf Tea ${prefix}`,
      unitPrice: "3",
    });
    await recordMovement({
      type: "received",
      itemId: item.id,
      quantity: "4",
      to: `${warehouse.name}CV20`,
      reason: "Opening",
    });

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto(`/wmscontrolpaneladmin/warehouses/${warehouse.id}`, { waitUntil: "commit" });
    // The cells in view come first: in the first frame that shows the grid (checked before the
    // browser paints it), the grid is busy and holds the shelves and sections that reach the bottom
    // and the end of what can be seen of it, not the last shelf or the last section. Ctrl+End then
    // goes to the last cell all the same.
    const firstFrame = await firstGridFrame(page, { key: "End", ctrlKey: true });
    expect(firstFrame).toEqual({ ...cellsInViewOnly, focused: "CV20" });
    const grid = page.getByTestId("warehouse-grid");
    // Every shelf is drawn, and the grid no longer says it is busy.
    await page.locator("[data-testid='warehouse-grid']:not([aria-busy])").waitFor();
    expect(await grid.locator("[data-position]").count()).toBe(2000);
    // The shelves drawn first are laid out with that first paint; only the shelves drawn after it are
    // skipped by the browser while off screen (laid out twice in the first frame otherwise).
    const skippedOffScreen = await grid.evaluate((layout) =>
      Array.from(
        layout.querySelectorAll("[data-position$='01']"),
        (first) =>
          first.parentElement && getComputedStyle(first.parentElement).getPropertyValue("content-visibility"),
      ),
    );
    expect(skippedOffScreen[0]).toBe("visible");
    expect(skippedOffScreen.at(-1)).toBe("auto");
    expect(await cell(grid, "CV20").getAttribute("data-quantity")).toBe("4");
    await page.keyboard.press("Enter");
    const details = page.getByRole("dialog", { name: `Location ${warehouse.name}CV20` });
    await details.getByText(item.name).waitFor();
    await page.keyboard.press("Escape");

    // Loaded again, End in the first frame goes to the end of the first shelf, a section not drawn yet.
    await page.goto(`/wmscontrolpaneladmin/warehouses/${warehouse.id}`, { waitUntil: "commit" });
    expect(await firstGridFrame(page, { key: "End" })).toEqual({ ...cellsInViewOnly, focused: "A20" });
    await page.locator("[data-testid='warehouse-grid']:not([aria-busy])").waitFor();
    expect(await grid.locator("[data-position]").count()).toBe(2000);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("shows staff a warehouse selector above the view-only grid, with export and without delete", async () => {
    const prefix = uniquePrefix("GT");
    const warehouse = await createWarehouse(prefix, 2, 2);
    await addContainerShelf(warehouse.id, "bay");
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Staff Tea ${prefix}`, unitPrice: "2" });
    await recordMovement({
      type: "received",
      itemId: item.id,
      quantity: "6",
      to: `${warehouse.name}BAY`,
      reason: "Opening",
    });
    const staff = await createStaffMember("Grid Viewer");

    const page = browser.page();
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await changePassword(page, staff.password, "grid viewer passphrase");
    await expectPath(page, "/staff/warehouse");
    await selectOption(page, page, "Warehouse", warehouse.name);
    await page.getByRole("heading", { level: 2, name: warehouse.name }).waitFor();
    const legend = page.getByRole("list", { name: "Legend" });
    await legend.getByText("Click to view", { exact: true }).waitFor();
    expect(await legend.getByText("Long press to delete").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Actions for container shelf BAY" }).count()).toBe(0);
    await page.getByRole("button", { name: "Export Inventory CSV" }).waitFor();

    // A container shelf opens like a cell; the Delete key offers nothing to staff.
    await page.getByRole("button", { name: "BAY, 1 item, quantity 6, AED 12.00" }).click();
    const details = page.getByRole("dialog", { name: `Location ${warehouse.name}BAY` });
    await details.getByText(item.name).waitFor();
    const file = await downloadFile(page, details.getByRole("button", { name: "Export CSV" }));
    expect(file.name).toBe(`${warehouse.name}_BAY.csv`);
    await page.keyboard.press("Escape");
    await cell(page, "BAY").focus();
    await page.keyboard.press("Delete");
    expect(await page.getByRole("dialog", { name: /Delete container shelf/ }).count()).toBe(0);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("keeps a menu click made while the staff warehouse view is still loading its warehouses", async () => {
    await createWarehouse(uniquePrefix("GQ"), 2, 2);
    const staff = await createStaffMember("Quick Clicker");
    const page = browser.page();
    // Both answers are held: the warehouse list the view waits for, and the Items screen's code, so
    // the click's navigation is still under way when the list comes in.
    const warehouseList = await holdRequests(page, "**/api/warehouses");
    const itemsCode = await holdRequests(page, /\/assets\/items-page-[^/]+\.js$/);
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await changePassword(page, staff.password, "quick clicker passphrase");
    await expectPath(page, "/staff/warehouse");
    await warehouseList.requested;
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Items" }).click();
    await itemsCode.requested;

    warehouseList.release();
    const selector = page.getByRole("combobox", { name: "Warehouse", exact: true });
    await expect.poll(() => selector.inputValue()).not.toBe("");
    itemsCode.release();
    await expectPath(page, "/staff/items");
    await page.getByRole("heading", { level: 1, name: "Item Management" }).waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
