import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import {
  asAdmin,
  createItem,
  createItems,
  createStaffMember,
  createWarehouse,
  recordMovement,
  uniquePrefix,
} from "./api.ts";
import { useBrowser } from "./browser.ts";
import { ageMovement } from "./db.ts";
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

interface MovementInput {
  type: "Received" | "Moved" | "Dispatched" | "Adjusted";
  adjustment?: "Increase" | "Decrease";
  itemNo: string;
  from?: string;
  to?: string;
  quantity: string;
  reason: string;
}

/** Fills the Add Movement modal; leaves it open so the caller can submit and check the outcome. */
async function fillMovement(page: Page, movement: MovementInput): Promise<Locator> {
  await page.getByRole("button", { name: "Add Movement" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Movement" });
  await selectOption(dialog, page, "Type", movement.type);
  if (movement.adjustment) {
    await dialog.getByText(movement.adjustment, { exact: true }).click();
  }
  await pickSearchOption(dialog, page, "Item", movement.itemNo, new RegExp(`^${movement.itemNo}`));
  const label = movement.type === "Adjusted" ? "Location" : null;
  if (movement.from) {
    await pickSearchOption(
      dialog,
      page,
      label ?? "Source location",
      movement.from,
      new RegExp(`^${movement.from}`),
    );
  }
  if (movement.to) {
    await pickSearchOption(
      dialog,
      page,
      label ?? "Destination location",
      movement.to,
      new RegExp(`^${movement.to}`),
    );
  }
  await dialog.getByRole("textbox", { name: "Quantity", exact: true }).fill(movement.quantity);
  await dialog.getByRole("textbox", { name: "Reason", exact: true }).fill(movement.reason);
  return dialog;
}

async function addMovement(page: Page, movement: MovementInput) {
  const dialog = await fillMovement(page, movement);
  await dialog.getByRole("button", { name: "Record Movement" }).click();
  await dialog.waitFor({ state: "hidden" });
}

async function searchMovements(page: Page, search: string) {
  await page.getByRole("searchbox", { name: "Search movements" }).fill(search);
  await page.waitForURL((url) => url.searchParams.get("search") === search, { timeout: 5_000 });
}

describe("[MOVEMENTS] Stock Movements", () => {
  it("records every type through Add Movement and shows the quantities on the items and history screens", async () => {
    const prefix = uniquePrefix("MV");
    const warehouse = await createWarehouse(prefix);
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Green Tea ${prefix}` });
    const [a1, a2, b1] = [`${warehouse.name}A01`, `${warehouse.name}A02`, `${warehouse.name}B01`];

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Movements" })
      .click();
    await expectPath(page, "/wmscontrolpaneladmin/movements");
    await page.getByRole("heading", { level: 1, name: "Stock Movements" }).waitFor();

    // The form's own checks, in the spec's words.
    await page.getByRole("button", { name: "Add Movement" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Movement" });
    await dialog.getByRole("button", { name: "Record Movement" }).click();
    await dialog.getByText("Please select a valid item").waitFor();
    await dialog.getByText("Please select a destination location").waitFor();
    await dialog.getByText("Reason is required").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    await addMovement(page, {
      type: "Received",
      itemNo: item.itemNo,
      to: a1,
      quantity: "50",
      reason: "Opening stock",
    });
    await addMovement(page, {
      type: "Moved",
      itemNo: item.itemNo,
      from: a1,
      to: b1,
      quantity: "20",
      reason: "Rebalance",
    });
    await addMovement(page, {
      type: "Dispatched",
      itemNo: item.itemNo,
      from: a1,
      quantity: "5",
      reason: "Order 1001",
    });
    await addMovement(page, {
      type: "Adjusted",
      adjustment: "Increase",
      itemNo: item.itemNo,
      to: a2,
      quantity: "3",
      reason: "Found in count",
    });
    await addMovement(page, {
      type: "Adjusted",
      adjustment: "Decrease",
      itemNo: item.itemNo,
      from: b1,
      quantity: "2",
      reason: "Damaged",
    });

    // The list, searched by item number: five movements, newest first.
    await searchMovements(page, item.itemNo);
    const rows = page.getByRole("table", { name: "Movements" }).getByRole("row");
    await page.getByText("Showing 1–5 of 5").waitFor();
    expect(await rows.count()).toBe(6);
    await rows.filter({ hasText: "Damaged" }).getByText("Adjusted (Decrease)").waitFor();
    await rows.filter({ hasText: "Rebalance" }).getByText("20 pieces").waitFor();

    // Last Movement: the decrease (test files run one after another), with its details.
    await page.getByRole("button", { name: "Last Movement" }).click();
    const last = page.getByRole("dialog", { name: "Last Movement" });
    await last.getByText("Damaged").waitFor();
    await last.getByText(`${b1} (${warehouse.name})`).waitFor();
    await last.getByText("Recorded", { exact: true }).waitFor();
    await last.getByText(/^by .+ on .+/).waitFor();
    await page.keyboard.press("Escape");
    await last.waitFor({ state: "hidden" });

    // Item Management: 50 - 5 + 3 - 2 = 46 (a move changes no total), spread over three positions.
    await page.goto(`/wmscontrolpaneladmin/items?search=${item.itemNo}`);
    const card = page.getByRole("article", { name: `${item.itemNo} ${item.name}` });
    await card.getByText("46 pieces").first().waitFor();
    const locations = card.getByRole("list", { name: "Locations" });
    await locations.getByRole("listitem").filter({ hasText: a1 }).getByText("25 pieces").waitFor();
    await locations.getByRole("listitem").filter({ hasText: a2 }).getByText("3 pieces").waitFor();
    await locations.getByRole("listitem").filter({ hasText: b1 }).getByText("18 pieces").waitFor();

    // The item's history: every movement with the balance after it.
    await card.getByRole("link", { name: `History of ${item.name}` }).click();
    await expectPath(page, `/wmscontrolpaneladmin/items/${item.id}/history`);
    await page.getByRole("heading", { level: 1, name: "Item History" }).waitFor();
    const history = page.getByRole("table", { name: `Movements of ${item.name}` });
    const historyRows = history.getByRole("row");
    await historyRows.nth(5).waitFor();
    expect(await historyRows.count()).toBe(6);
    const balances = await history.locator("tbody tr td:nth-child(5)").allInnerTexts();
    expect(balances).toEqual(["46 pieces", "48 pieces", "45 pieces", "50 pieces", "50 pieces"]);
    await historyRows.filter({ hasText: "Order 1001" }).getByText("−5").waitFor();
    await page.getByRole("link", { name: "Back to items" }).click();
    await expectPath(page, "/wmscontrolpaneladmin/items");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("shows the server's refusals: not enough stock, and a deletion after 10 minutes; edits a reason and deletes a fresh movement", async () => {
    const prefix = uniquePrefix("MR");
    const warehouse = await createWarehouse(prefix);
    const item = await createItem({ itemNo: `${prefix}-BOX`, name: `Carton ${prefix}` });
    const [a1, b1] = [`${warehouse.name}A01`, `${warehouse.name}B01`];
    await recordMovement({
      type: "received",
      itemId: item.id,
      quantity: "10",
      to: a1,
      reason: "Opening stock",
    });
    const old = await recordMovement({
      type: "received",
      itemId: item.id,
      quantity: "4",
      to: b1,
      reason: "Old delivery",
    });
    await ageMovement(old.id, 11);

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/movements");

    // The form caps nothing the server does not know about: someone dispatches meanwhile.
    const dialog = await fillMovement(page, {
      type: "Dispatched",
      itemNo: item.itemNo,
      from: a1,
      quantity: "8",
      reason: "Order 2002",
    });
    await dialog.getByText("Available: 10 pieces").waitFor();
    await recordMovement({
      type: "dispatched",
      itemId: item.id,
      quantity: "6",
      from: a1,
      reason: "Meanwhile",
    });
    await dialog.getByRole("button", { name: "Record Movement" }).click();
    await dialog.getByText(/^Not enough items in source location\. Available: 4(\.0+)?$/).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    await searchMovements(page, item.itemNo);
    const rows = page.getByRole("table", { name: "Movements" }).getByRole("row");
    await page.getByText("Showing 1–3 of 3").waitFor();

    // Edit changes only the reason.
    await rows
      .filter({ hasText: "Opening stock" })
      .getByRole("button", { name: `Edit movement of ${item.name}` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Movement" });
    await edit.getByRole("textbox", { name: "Reason", exact: true }).fill("Opening stock, counted twice");
    await edit.getByRole("button", { name: "Save reason" }).click();
    await edit.waitFor({ state: "hidden" });
    await rows.filter({ hasText: "Opening stock, counted twice" }).waitFor();

    // A fresh movement can be deleted: its dispatch is reversed (4 + 6 = 10 at A01 again).
    await rows
      .filter({ hasText: "Meanwhile" })
      .getByRole("button", { name: `Delete movement of ${item.name}` })
      .click();
    let confirm = page.getByRole("dialog", { name: "Delete this movement?" });
    await confirm.getByText(/^You can delete this movement for (9|10) more minutes\.$/).waitFor();
    await confirm.getByRole("button", { name: "Delete movement" }).click();
    await confirm.waitFor({ state: "hidden" });
    await page.getByText("Showing 1–2 of 2").waitFor();

    // One older than 10 minutes says so in the spec's words, and offers no Delete.
    await rows
      .filter({ hasText: "Old delivery" })
      .getByRole("button", { name: `Delete movement of ${item.name}` })
      .click();
    confirm = page.getByRole("dialog", { name: "Delete this movement?" });
    await confirm
      .getByText(
        /^This movement cannot be deleted because it was created more than 10 minutes ago\. Created on: .+/,
      )
      .waitFor();
    expect(await confirm.getByRole("button", { name: "Delete movement" }).count()).toBe(0);
    await confirm.getByRole("button", { name: "Close", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });

    await page.goto(`/wmscontrolpaneladmin/items/${item.id}/history`);
    const history = page.getByRole("table", { name: `Movements of ${item.name}` });
    await history.getByRole("row").nth(2).waitFor();
    expect(await history.locator("tbody tr td:nth-child(5)").allInnerTexts()).toEqual([
      "14 pieces",
      "10 pieces",
    ]);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("says what failed in the spec's words, and a delete dialog opened late counts its minutes from now", async () => {
    const prefix = uniquePrefix("MF");
    const warehouse = await createWarehouse(prefix);
    const item = await createItem({ itemNo: `${prefix}-CUP`, name: `Cup ${prefix}` });
    const a1 = `${warehouse.name}A01`;
    const first = await recordMovement({
      type: "received",
      itemId: item.id,
      quantity: "5",
      to: a1,
      reason: "First delivery",
    });
    const serverFault = (status: number, code: string) => ({
      status,
      contentType: "application/json",
      body: JSON.stringify({ error: { code, message: "The server could not do this right now." } }),
    });

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");

    // The list cannot load (a server fault, retried first): the spec's text, with a way to try again.
    const isList = (url: URL) => url.pathname === "/api/movements";
    await page.route(isList, (route) =>
      route.request().method() === "GET" ? route.fulfill(serverFault(500, "INTERNAL")) : route.fallback(),
    );
    await page.goto("/wmscontrolpaneladmin/movements");
    await page.getByText("Failed to load movements. Please refresh the page.").waitFor({ timeout: 15_000 });
    await page.unroute(isList);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("table", { name: "Movements" }).waitFor();
    await searchMovements(page, item.itemNo);
    const rows = page.getByRole("table", { name: "Movements" }).getByRole("row");
    await rows.filter({ hasText: "First delivery" }).waitFor();

    // Recording fails on the server's side: the spec's processing text, and the form keeps its input.
    await page.route(isList, (route) =>
      route.request().method() === "POST" ? route.fulfill(serverFault(500, "INTERNAL")) : route.fallback(),
    );
    const dialog = await fillMovement(page, {
      type: "Received",
      itemNo: item.itemNo,
      to: a1,
      quantity: "2",
      reason: "Second delivery",
    });
    await dialog.getByRole("button", { name: "Record Movement" }).click();
    await dialog.getByText("An error occurred while processing the movement. Please try again.").waitFor();
    expect(await dialog.getByRole("textbox", { name: "Reason", exact: true }).inputValue()).toBe(
      "Second delivery",
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.unroute(isList);

    // Changing and deleting it fail too: the network drops the change, the database is down for the
    // deletion.
    const isOne = (url: URL) => url.pathname === `/api/movements/${first.id}`;
    await page.route(isOne, (route) => {
      const method = route.request().method();
      if (method === "PATCH") {
        return route.abort("failed");
      }
      if (method === "DELETE") {
        return route.fulfill(serverFault(503, "DATABASE_UNAVAILABLE"));
      }
      return route.fallback();
    });
    await rows
      .filter({ hasText: "First delivery" })
      .getByRole("button", { name: `Edit movement of ${item.name}` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Movement" });
    await edit.getByRole("textbox", { name: "Reason", exact: true }).fill("First delivery, recounted");
    await edit.getByRole("button", { name: "Save reason" }).click();
    await edit.getByText("An error occurred while updating the movement. Please try again.").waitFor();
    await edit.getByRole("button", { name: "Cancel" }).click();
    await edit.waitFor({ state: "hidden" });

    await rows
      .filter({ hasText: "First delivery" })
      .getByRole("button", { name: `Delete movement of ${item.name}` })
      .click();
    let confirm = page.getByRole("dialog", { name: "Delete this movement?" });
    await confirm.getByText(/^You can delete this movement for (9|10) more minutes\.$/).waitFor();
    await confirm.getByRole("button", { name: "Delete movement" }).click();
    await confirm.getByText("An error occurred while deleting the movement. Please try again.").waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await page.unroute(isOne);

    // Twelve minutes pass with the list as it was: the dialog asks the server again when it opens and
    // says the movement can no longer be deleted, rather than the list's "10 more minutes".
    await ageMovement(first.id, 12);
    await rows
      .filter({ hasText: "First delivery" })
      .getByRole("button", { name: `Delete movement of ${item.name}` })
      .click();
    confirm = page.getByRole("dialog", { name: "Delete this movement?" });
    await confirm
      .getByText(/^This movement cannot be deleted because it was created more than 10 minutes ago\./)
      .waitFor();
    expect(await confirm.getByRole("button", { name: "Delete movement" }).count()).toBe(0);
    await confirm.getByRole("button", { name: "Close", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("adds a storage location from an item card (an adjusted increase) and lets staff record but not purchase", async () => {
    const prefix = uniquePrefix("SL");
    const warehouse = await createWarehouse(prefix);
    const item = await createItem({ itemNo: `${prefix}-KG`, name: `Sugar ${prefix}`, unit: "kilogram" });
    const b2 = `${warehouse.name}B02`;

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto(`/wmscontrolpaneladmin/items?search=${item.itemNo}`);
    const card = page.getByRole("article", { name: `${item.itemNo} ${item.name}` });
    await card.getByRole("button", { name: `Add storage location for ${item.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Add Storage Location" });
    expect(await dialog.getByRole("textbox", { name: "Reason", exact: true }).inputValue()).toBe(
      "Add storage location",
    );
    await pickSearchOption(dialog, page, "Location", b2, new RegExp(`^${b2}`));
    await dialog.getByRole("textbox", { name: "Quantity", exact: true }).fill("2.5");
    await dialog.getByRole("button", { name: "Add Storage Location" }).click();
    await dialog.waitFor({ state: "hidden" });
    await card.getByRole("list", { name: "Locations" }).getByText("2.5 kilogram").waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);

    const staff = await createStaffMember("Floor Keeper");
    // The same page, signed in again as a staff member.
    await page.context().clearCookies();
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await changePassword(page, staff.password, "floor keeper passphrase");
    await expectPath(page, "/staff/warehouse");
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Movements" })
      .click();
    await expectPath(page, "/staff/movements");
    await page.getByRole("button", { name: "Add Movement" }).waitFor();
    expect(await page.getByRole("button", { name: "New Purchase" }).count()).toBe(0);
    await searchMovements(page, item.itemNo);
    const rows = page.getByRole("table", { name: "Movements" }).locator("tbody tr");
    await page.getByText("Showing 1–1 of 1").waitFor();
    await rows.filter({ hasText: "Adjusted (Increase)" }).waitFor();
    // Recorded by the admin: staff cannot change or delete it.
    expect(await rows.getByRole("button").count()).toBe(0);
    await page.goto(`/staff/items/${item.id}/history`);
    await page.getByRole("heading", { level: 1, name: "Item History" }).waitFor();
    await page.getByText("Add storage location").waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("Enter picks the item highlighted on screen when a late search answer changes the list under it", async () => {
    const prefix = uniquePrefix("EN");
    await createItems(
      ["A", "B", "C"].map((letter) => ({ itemNo: `${prefix}-${letter}`, name: `Enter Tea ${letter}` })),
    );
    const last = `${prefix}-C`;
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/movements");
    await page.getByRole("button", { name: "Add Movement" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Movement" });
    await selectOption(dialog, page, "Type", "Received");

    // Hold the answer to the narrower search until the highlight has moved on the broader list.
    const narrowerAnswer = await holdRequests(
      page,
      (url) => url.pathname === "/api/items" && url.searchParams.get("search") === last,
    );

    const box = dialog.getByRole("combobox", { name: "Item", exact: true });
    await box.click();
    await box.pressSequentially(prefix);
    const shownItems = async () =>
      (await page.getByRole("listbox").getByRole("option").allTextContents()).map((label) =>
        label.slice(0, last.length),
      );
    // The unsearched first page may list these items too: wait for the answer to the search itself.
    await expect.poll(shownItems).toEqual([`${prefix}-A`, `${prefix}-B`, last]);
    await box.pressSequentially("-C");
    await narrowerAnswer.requested;
    // The broader list is still shown: the arrows walk it to the last item, the third position.
    expect(await shownItems()).toEqual([`${prefix}-A`, `${prefix}-B`, last]);
    const highlighted = () =>
      page.evaluate(() => document.querySelector("[data-combobox-selected]")?.textContent ?? "");
    // (The arrows wrap around the list; a press landing while the list re-renders may be lost, so walk
    // until the highlight is there rather than counting presses.)
    for (let presses = 0; presses < 12 && !(await highlighted()).startsWith(last); presses += 1) {
      await box.press("ArrowDown");
    }
    expect(await highlighted()).toMatch(new RegExp(`^${last}`));
    narrowerAnswer.release();
    // The answer arrives: the list holds only the last item, now in the first position.
    await page.getByRole("option", { name: new RegExp(`^${prefix}-A`) }).waitFor({ state: "detached" });
    await box.press("Enter");
    await expect.poll(() => box.inputValue()).toBe(`${last} · Enter Tea C`);
    await expect
      .poll(() => dialog.getByRole("combobox", { name: "Destination location", exact: true }).isEnabled())
      .toBe(true);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
  it("caps an outgoing quantity at the stock of its source, resets the locations when the type changes, and sends one idempotency key per submission", async () => {
    const prefix = uniquePrefix("FM");
    const warehouse = await createWarehouse(prefix);
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Form Tea ${prefix}` });
    const [a1, a2] = [`${warehouse.name}A01`, `${warehouse.name}A02`];
    await recordMovement({ type: "received", itemId: item.id, quantity: "5", to: a1, reason: "Stock" });

    const page = browser.page();
    const posts: Array<string | undefined> = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/movements") {
        posts.push(request.headers()["idempotency-key"]);
      }
    });
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/movements");

    const dialog = await fillMovement(page, {
      type: "Dispatched",
      itemNo: item.itemNo,
      from: a1,
      quantity: "7",
      reason: "Order 1",
    });
    // The spec's cap: an outgoing quantity cannot exceed what the source holds.
    const quantity = dialog.getByRole("textbox", { name: "Quantity", exact: true });
    await quantity.blur();
    await expect.poll(() => quantity.inputValue()).toBe("5");
    await dialog.getByText("Available: 5 pieces").waitFor();

    // Another type empties the location fields: a dispatch's source is no move's source by default.
    const source = dialog.getByRole("combobox", { name: "Source location", exact: true });
    expect(await source.inputValue()).toMatch(new RegExp(`^${a1}`));
    await selectOption(dialog, page, "Type", "Moved");
    await expect.poll(() => source.inputValue()).toBe("");

    await pickSearchOption(dialog, page, "Source location", a1, new RegExp(`^${a1}`));
    await pickSearchOption(dialog, page, "Destination location", a2, new RegExp(`^${a2}`));
    await dialog.getByRole("textbox", { name: "Quantity", exact: true }).fill("2");
    await dialog.getByRole("button", { name: "Record Movement" }).dblclick();
    await dialog.waitFor({ state: "hidden" });
    await addMovement(page, {
      type: "Dispatched",
      itemNo: item.itemNo,
      from: a2,
      quantity: "1",
      reason: "Order 2",
    });

    // Every POST carried a key; a double click's requests shared the first submission's key, the next
    // submission had a new one; and the server recorded the move once.
    const [first, ...rest] = posts;
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    const last = rest.pop();
    expect(rest.every((key) => key === first)).toBe(true);
    expect(last).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(last).not.toBe(first);
    const admin = await asAdmin();
    const listed = (await (await admin(`/api/movements?search=${item.itemNo}`)).json()) as {
      movements: Array<{ type: string; quantity: string }>;
    };
    expect(listed.movements.map((movement) => `${movement.type} ${movement.quantity}`).sort()).toEqual([
      "dispatched 1",
      "moved 2",
      "received 5",
    ]);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("names a movement's warehouse once over its positions, so a long name keeps the route column narrow", async () => {
    const prefix = uniquePrefix("MR");
    // The longest name a warehouse may have (60 characters).
    const longName = `${prefix} Al Quoz Industrial Central Distribution Store`.padEnd(60, "s").slice(0, 60);
    const long = await createWarehouse(longName, 2, 2);
    const other = await createWarehouse(`${prefix} Port`, 1, 1);
    const item = await createItem({ itemNo: `${prefix}-TEA`, name: `Route Tea ${prefix}` });
    await recordMovement({
      type: "received",
      itemId: item.id,
      quantity: "10",
      to: `${long.name}A01`,
      reason: "Opening",
    });
    await recordMovement({
      type: "moved",
      itemId: item.id,
      quantity: "3",
      from: `${long.name}A01`,
      to: `${long.name}B02`,
      reason: "Within",
    });
    await recordMovement({
      type: "moved",
      itemId: item.id,
      quantity: "1",
      from: `${long.name}B02`,
      to: `${other.name}A01`,
      reason: "Across",
    });

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Movements" })
      .click();
    await expectPath(page, "/wmscontrolpaneladmin/movements");
    await searchMovements(page, item.itemNo);
    await page.getByText("Showing 1–3 of 3").waitFor();
    const table = page.getByRole("table", { name: "Movements" });
    const rows = table.getByRole("row");

    // Within one warehouse: its name once, then "A01 → B02".
    const within = rows.filter({ hasText: "Within" });
    expect(await within.getByText(long.name, { exact: true }).count()).toBe(1);
    await within.getByText("A01", { exact: true }).waitFor();
    await within.getByText("B02", { exact: true }).waitFor();
    // Between two warehouses: each position under its own warehouse's name.
    const across = rows.filter({ hasText: "Across" });
    await across.getByText(long.name, { exact: true }).waitFor();
    await across.getByText(other.name, { exact: true }).waitFor();
    await across.getByText("B02", { exact: true }).waitFor();
    // A receipt: nothing it came from.
    await rows.filter({ hasText: "Opening" }).getByText("—", { exact: true }).waitFor();

    // The route column stays narrow: the name wraps in its own line (the old "name+A01 → name+B02" on
    // one line made it over 1,000 px wide with a name this long, and the list scrolled sideways). Its
    // width follows the table's layout and the glyphs of the name's unique prefix: about 240 px, a few
    // pixels either side from one run to the next.
    const routeHeader = table.getByRole("columnheader", { name: "From → To" });
    const routeWidth = (await routeHeader.boundingBox())?.width ?? Number.POSITIVE_INFINITY;
    expect(routeWidth).toBeLessThanOrEqual(300);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
