import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInOverHttp } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { asAdmin, createReadyAdmin, createStaffMember, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { downloadCsv } from "./csv.ts";
import {
  changePassword,
  expectPath,
  menuLabels,
  selectOption,
  signInThroughPortal,
  unexpectedErrors,
} from "./ui.ts";

const browser = await useBrowser();

const CSV_HEADER = ["When", "Who", "Entity", "Entity Id", "Action", "Before", "After", "Request Id"];

/** The rows of the audit table as the text of their first five cells (when, who, entity, id, action). */
async function shownEntries(page: Page): Promise<string[][]> {
  return page
    .getByRole("table", { name: "Audit entries" })
    .locator("tbody tr[data-entry-id]")
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from((row as HTMLTableRowElement).cells)
          .slice(0, 5)
          .map((cell) => (cell.textContent ?? "").trim()),
      ),
    );
}

/** Waits until the list has settled on what the current filters asked for. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

describe("[AUDIT] Audit Log", () => {
  it("shows who changed what, filters on the server, expands the change and exports the CSV", async () => {
    const prefix = uniquePrefix("AU");
    const auditorName = `Auditor ${prefix}`;
    // A second administrator of its own, so the entries it makes are told apart by who made them.
    const { api: auditor } = await createReadyAdmin(auditorName);
    // Signed in before the screen loads: a sign-in is itself recorded.
    const admin = await asAdmin();
    const warehouse = await auditor("/api/warehouses", {
      method: "POST",
      body: { name: prefix, location: "Al Quoz, Dubai", maxShelves: 2, sectionsPerShelf: 2 },
    });
    expect(warehouse.status).toBe(201);
    const warehouseId = ((await warehouse.json()) as { id: number }).id;
    const item = await auditor("/api/items", {
      method: "POST",
      body: { itemNo: `${prefix}-TEA`, name: "Oolong before" },
    });
    expect(item.status).toBe(201);
    const itemId = ((await item.json()) as { id: number }).id;
    const renamed = await auditor(`/api/items/${itemId}`, {
      method: "PUT",
      body: { itemNo: `${prefix}-TEA`, name: "Oolong after" },
    });
    expect(renamed.status).toBe(200);

    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Audit Log" })
      .click();
    await expectPath(page, "/wmscontrolpaneladmin/audit");
    await page.getByRole("heading", { level: 1, name: "Audit Log" }).waitFor();

    // The warehouse's creation, newest entries first, with its action and who made it.
    await page.getByRole("searchbox", { name: "Search the log" }).fill(prefix);
    await page.waitForURL((url) => url.searchParams.get("search") === prefix);
    await settled(page);
    await page.getByRole("cell", { name: auditorName }).first().waitFor();
    const found = await shownEntries(page);
    expect(found.map((row) => row.slice(1))).toContainEqual([
      auditorName,
      "Warehouse",
      String(warehouseId),
      "Created",
    ]);
    expect(found.map((row) => row.slice(1))).toContainEqual([auditorName, "Item", String(itemId), "Updated"]);
    expect(found.every((row) => row[0] !== "")).toBe(true);

    // Entity, action and user filters are applied by the server: exactly the rename is left.
    await page.getByRole("searchbox", { name: "Search the log" }).fill("");
    await page.waitForURL((url) => !url.searchParams.has("search"));
    await selectOption(page, page, "Entity", "Item");
    await selectOption(page, page, "Action", "Updated");
    const user = page.getByRole("combobox", { name: "User", exact: true });
    await user.click();
    await user.fill(auditorName);
    await page.getByRole("option", { name: `${auditorName} (admin)` }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get("entity") === "item" &&
        url.searchParams.get("action") === "update" &&
        url.searchParams.has("actorId"),
    );
    // Polled: the list may still show the answer without the user filter for a moment after the URL.
    await expect
      .poll(async () => (await shownEntries(page)).map((row) => row.slice(1)))
      .toEqual([[auditorName, "Item", String(itemId), "Updated"]]);
    await page.getByText("Showing 1–1 of 1").waitFor();

    // The change, expanded: the name before and after, marked as changed.
    const toggle = page.getByRole("button", { name: `Show changes to Item ${itemId}` });
    await toggle.click();
    const diff = page.getByRole("table", { name: `Changes to Item ${itemId}` });
    const nameRow = diff.getByRole("row").filter({ hasText: /^name/ });
    expect((await nameRow.getByRole("cell").allTextContents()).map((text) => text.trim())).toEqual([
      "name",
      "Oolong before",
      "Oolong after",
      "Changed",
    ]);
    await page.getByRole("button", { name: `Hide changes to Item ${itemId}` }).click();
    await diff.waitFor({ state: "detached" });

    // Export CSV: the server's file of the same filters, formula-safe, read back.
    const csv = await downloadCsv(page, page.getByRole("button", { name: "Export CSV" }));
    expect(csv.fileName).toBe("audit_log.csv");
    expect(csv.rows[0]).toEqual(CSV_HEADER);
    expect(csv.rows).toHaveLength(2);
    const [when, who, entity, entityId, action, before, after] = csv.rows[1] ?? [];
    expect([who, entity, entityId, action]).toEqual([auditorName, "item", String(itemId), "update"]);
    expect(Number.isNaN(Date.parse(when ?? ""))).toBe(false);
    expect(JSON.parse(before ?? "null")).toMatchObject({ name: "Oolong before" });
    expect(JSON.parse(after ?? "null")).toMatchObject({ name: "Oolong after" });

    // A filter nothing matches shows the empty state; Clear filters brings the whole log back.
    await page.getByRole("searchbox", { name: "Search the log" }).fill(`${prefix}-nothing`);
    await page.getByText("No entries match these filters. Widen the period or clear the filters.").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expectPath(page, "/wmscontrolpaneladmin/audit");
    expect(new URL(page.url()).search).toBe("");
    await settled(page);
    const { total } = (await (await admin("/api/audit")).json()) as { total: number };
    expect(total).toBeGreaterThan(5);
    // 20 a page, with the pagination once there is more than one page.
    await expect.poll(() => page.locator("tbody tr[data-entry-id]").count()).toBe(Math.min(total, 20));
    expect(await page.getByRole("navigation", { name: "Pagination" }).count()).toBe(total > 20 ? 1 : 0);

    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("is neither in the staff menu nor open to staff, in the browser or through the API", async () => {
    const staff = await createStaffMember("Audit Staff");
    const page = browser.page();
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await changePassword(page, staff.password, "audit staff password 2");
    await expectPath(page, "/staff/warehouse");
    expect(await menuLabels(page)).not.toContain("Audit Log");

    await page.goto("/wmscontrolpaneladmin/audit");
    await expectPath(page, "/unauthorized");
    await page.goto("/staff/audit");
    await expectPath(page, "/staff/warehouse");

    const asStaff = await signInOverHttp(browser.baseUrl, "staff", staff.email, "audit staff password 2");
    expect((await asStaff("/api/audit")).status).toBe(403);
    expect((await asStaff("/api/audit/csv")).status).toBe(403);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
