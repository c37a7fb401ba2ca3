import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signInOverHttp } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { asAdmin, createStaffMember, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { changePassword, expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();

type ApiClient = Awaited<ReturnType<typeof asAdmin>>;

async function json<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) {
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** As the admin: a 2 x 2 warehouse and an item, and the code and id of one of its positions. */
async function arrangeWarehouseAndItem(prefix: string) {
  const admin = await asAdmin();
  const warehouse = await json<{ id: number }>(
    await admin("/api/warehouses", {
      method: "POST",
      body: { name: `Dash ${prefix}`, location: "Dubai", maxShelves: 2, sectionsPerShelf: 2 },
    }),
    201,
    "could not create warehouse",
  );
  const itemName = `Dashboard Saffron ${prefix}`;
  const item = await json<{ id: number }>(
    await admin("/api/items", { method: "POST", body: { itemNo: `${prefix}-SAF`, name: itemName } }),
    201,
    "could not create item",
  );
  const { locations } = await json<{ locations: { id: number; code: string }[] }>(
    await admin(`/api/locations?warehouseId=${warehouse.id}`),
    200,
    "could not list locations",
  );
  const location = locations[0];
  if (!location) {
    throw new Error("the new warehouse has no positions");
  }
  return { itemId: item.id, itemName, location };
}

/** Records a receipt of 5 into the location, managed by the signed-in user of `client`. */
async function receive(client: ApiClient, itemId: number, toLocationId: number) {
  const session = await json<{ user: { id: number } }>(await client("/api/session"), 200, "no session");
  await json(
    await client("/api/movements", {
      method: "POST",
      body: {
        type: "received",
        itemId,
        quantity: "5",
        toLocationId,
        managedBy: session.user.id,
        reason: "dashboard test",
      },
    }),
    201,
    "could not record movement",
  );
}

function figureCard(page: Page, title: string): Locator {
  return page.getByRole("group", { name: title, exact: true });
}

/** The number a summary card shows (the line under its title). */
async function figureOf(page: Page, title: string): Promise<number> {
  const lines = (await figureCard(page, title).innerText()).split("\n").map((line) => line.trim());
  const figure = lines.find((line) => /^[\d,]+$/.test(line));
  if (figure === undefined) {
    throw new Error(`card ${title} shows no number: ${lines.join(" | ")}`);
  }
  return Number(figure.replaceAll(",", ""));
}

describe("[DASHBOARD] Dashboard", () => {
  it("shows the admin four figures and a new movement in Recent Item Movements", async () => {
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await figureCard(page, "Total Items").waitFor();
    const before = {
      items: await figureOf(page, "Total Items"),
      staff: await figureOf(page, "Staff Members"),
      warehouses: await figureOf(page, "Warehouses"),
      movements: await figureOf(page, "Recent Movements"),
    };
    await figureCard(page, "Recent Movements").getByText("last 30 days").waitFor();
    expect(await figureCard(page, "Your Movements Today").count()).toBe(0);
    await page.getByRole("heading", { level: 2, name: "Recent Item Movements" }).waitFor();

    const prefix = uniquePrefix("DB");
    const { itemId, itemName, location } = await arrangeWarehouseAndItem(prefix);
    await receive(await asAdmin(), itemId, location.id);

    await page.reload();
    await figureCard(page, "Total Items").waitFor();
    expect(await figureOf(page, "Total Items")).toBe(before.items + 1);
    expect(await figureOf(page, "Staff Members")).toBe(before.staff);
    expect(await figureOf(page, "Warehouses")).toBe(before.warehouses + 1);
    expect(await figureOf(page, "Recent Movements")).toBe(before.movements + 1);

    const recent = page.getByRole("region", { name: "Recent Item Movements" });
    const rows = recent.getByRole("listitem");
    expect(await rows.count()).toBeLessThanOrEqual(5);
    const row = recent.getByRole("listitem", { name: `${itemName}, Received` });
    await row.waitFor();
    expect(await rows.first().getAttribute("aria-label")).toBe(`${itemName}, Received`);
    await row.getByText("5 pieces", { exact: true }).waitFor();
    await row.getByText(`To ${location.code}`, { exact: true }).waitFor();
    await row.getByText(/^By /).waitFor();
    expect(await row.locator("time").innerText()).toMatch(/\d/);

    // On a phone the cards stack in one column.
    await page.setViewportSize({ width: 390, height: 844 });
    const stacked = async () => {
      const first = await figureCard(page, "Total Items").boundingBox();
      const second = await figureCard(page, "Staff Members").boundingBox();
      return Boolean(first && second && first.x === second.x && second.y >= first.y + first.height - 1);
    };
    await expect.poll(stacked, { timeout: 5_000 }).toBe(true);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("has the signed-in page start the formatting library before its first paint, and not the sign-in page", async () => {
    const page = browser.page();
    /** When the page's warm-up script (apps/web/public/intl-warm-up.js) had arrived, if it was asked for. */
    const warmUp = () =>
      page.evaluate(() => {
        const script = performance
          .getEntriesByType("resource")
          .find((entry) => new URL(entry.name).pathname === "/intl-warm-up.js") as
          | PerformanceResourceTiming
          | undefined;
        const firstPaint = performance.getEntriesByName("first-paint")[0]?.startTime ?? null;
        return script ? { arrived: script.responseEnd, firstPaint } : null;
      });
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    expect(await warmUp()).toBeNull();
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");

    await page.reload();
    await figureCard(page, "Total Items").waitFor();
    const loaded = await warmUp();
    expect(loaded).not.toBeNull();
    // A script in the page's head holds the first paint until it has run.
    expect(loaded?.firstPaint).toBeGreaterThan(loaded?.arrived ?? Number.POSITIVE_INFINITY);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("shows staff Total Items, Warehouses and Your Movements Today", async () => {
    const prefix = uniquePrefix("DS");
    const { itemId, itemName, location } = await arrangeWarehouseAndItem(prefix);
    const staff = await createStaffMember("Dashboard Viewer");
    const newPassword = "dashboard viewer passphrase";
    const page = browser.page();
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await changePassword(page, staff.password, newPassword);
    await expectPath(page, "/staff/warehouse");
    await page.goto("/staff/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await figureCard(page, "Your Movements Today").waitFor();
    expect(await figureOf(page, "Your Movements Today")).toBe(0);
    expect(await figureOf(page, "Total Items")).toBeGreaterThan(0);
    expect(await figureOf(page, "Warehouses")).toBeGreaterThan(0);
    expect(await figureCard(page, "Staff Members").count()).toBe(0);
    expect(await figureCard(page, "Recent Movements").count()).toBe(0);

    await receive(
      await signInOverHttp(inject("baseUrl"), "staff", staff.email, newPassword),
      itemId,
      location.id,
    );
    await page.reload();
    await figureCard(page, "Your Movements Today").waitFor();
    expect(await figureOf(page, "Your Movements Today")).toBe(1);
    const row = page
      .getByRole("region", { name: "Recent Item Movements" })
      .getByRole("listitem", { name: `${itemName}, Received` });
    await row.getByText("By Dashboard Viewer", { exact: true }).waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
