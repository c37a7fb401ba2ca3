import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { createItems, createReadyAdmin, createWarehouse, uniquePrefix } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

const browser = await useBrowser();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "wms-bulk-upload-"));

afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Writes a real file for the file input: CRLF lines, as spreadsheets save them. */
function csvFile(name: string, lines: string[], bom = true): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, `${bom ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`, "utf8");
  return file;
}

async function openBulkUpload(page: Page): Promise<Locator> {
  await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
  await expectPath(page, "/wmscontrolpaneladmin/dashboard");
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Items" }).click();
  await expectPath(page, "/wmscontrolpaneladmin/items");
  await page.getByRole("button", { name: "Bulk Upload CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Bulk Upload CSV" });
  await dialog.getByText("Drag a CSV file here or click to choose one").waitFor();
  return dialog;
}

function fileInput(dialog: Locator): Locator {
  return dialog.locator('input[type="file"]');
}

async function searchItems(page: Page, search: string) {
  await page.getByRole("searchbox", { name: "Search items" }).fill(search);
  await page.waitForURL((url) => url.searchParams.get("search") === search, { timeout: 5_000 });
}

async function locationLines(card: Locator): Promise<string[]> {
  const lines = await card.getByRole("list", { name: "Locations" }).getByRole("listitem").allInnerTexts();
  return lines.map((line) => line.replace(/\s+/g, " ").trim()).sort();
}

describe("[BULK] Bulk Upload CSV", () => {
  it("walks a good file through upload, preview, processing and result, and the items appear with their stock", async () => {
    const warehouse = await createWarehouse(uniquePrefix("BUWH"), 2, 2);
    const prefix = uniquePrefix("BU");
    const page = browser.page();
    const dialog = await openBulkUpload(page);

    // The sample file is there to download (UTF-8 with a byte order mark, the columns the upload reads).
    const sampleLink = dialog.getByRole("link", { name: "Download sample file" });
    expect(await sampleLink.getAttribute("href")).toBe("/api/imports/sample.csv");
    const sample = await page.request.get("/api/imports/sample.csv");
    expect(sample.status()).toBe(200);
    expect((await sample.body()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect((await sample.text()).replace(/^\uFEFF/, "")).toMatch(/^"?Item Number"?,"?Name"?,/);

    // The browser refuses other names and files over 10 MB before sending them.
    await fileInput(dialog).setInputFiles(csvFile("items.txt", ["not a csv"]));
    await dialog.getByRole("alert").getByText("Please upload a CSV file").waitFor();
    const big = path.join(folder, "big.csv");
    fs.writeFileSync(big, Buffer.alloc(10 * 1024 * 1024 + 1, "a"));
    await fileInput(dialog).setInputFiles(big);
    await dialog
      .getByRole("alert")
      .getByText("The file is larger than 10 MB. Split it into smaller files and upload them one by one.")
      .waitFor();

    // Quoted commas, Arabic text, a blank line at the end, a shelf cell carrying its section (B2 = B02),
    // the warehouse in other case, and one item stored in two places.
    const good = csvFile("stock.csv", [
      "Item Number,Name,Description,Type,Unit,Unit Price,Min Quantity,Quantity,Warehouse,Shelf,Section",
      `${prefix}-TEA,"Cardamom Tea, green ${prefix}",شاي هيل,TEA,kilogram,12.50,5,12.5,${warehouse.name},A,01`,
      `${prefix}-BOX,Carton Box ${prefix},,,,,,30,${warehouse.name.toLowerCase()},B2,`,
      `${prefix}-BOX,Carton Box ${prefix},,,,,,8,${warehouse.name},A,02`,
      "",
    ]);
    await fileInput(dialog).setInputFiles(good);
    const table = dialog.getByRole("table", { name: "Rows of the file" });
    await table.waitFor();
    expect(await table.getByRole("row", { name: /^Row \d+$/ }).count()).toBe(3);
    const teaRow = table.getByRole("row", { name: "Row 1" });
    await teaRow.getByText(`Cardamom Tea, green ${prefix}`).waitFor();
    await teaRow.getByText("شاي هيل").waitFor();
    await table.getByRole("row", { name: "Row 2" }).getByText(`${warehouse.name}B02`).waitFor();
    await dialog
      .getByText("Every row is valid. Nothing has been saved yet: check the rows, then upload.")
      .waitFor();
    const summary = dialog.getByRole("list", { name: "Summary" });
    expect(
      (await summary.getByRole("listitem").allInnerTexts()).map((text) => text.replace(/\s+/g, " ")),
    ).toEqual(["Rows 3", "Items 2", "Stock movements 3", "Rows with errors 0", "Errors 0"]);

    // Processing: the server's answer is held back until its stored progress has reached 100%.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/imports/commit**", async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await dialog.getByRole("button", { name: "Upload 2 items" }).click();
    const progress = dialog.getByRole("progressbar", { name: "Done" });
    await progress.waitFor();
    expect(await progress.getAttribute("aria-valuenow")).toBe("100");
    await dialog.getByText("100%").waitFor();
    expect(await dialog.getByRole("button", { name: "Close", exact: true }).count()).toBe(0);
    release();

    // Result, then Close resets the modal.
    await dialog.getByText("Upload complete").waitFor();
    await dialog.getByText("stock.csv: 3 rows saved.").waitFor();
    const created = async (label: string) =>
      (await dialog.getByText(label, { exact: true }).locator("xpath=..").innerText()).replace(/\s+/g, " ");
    expect(await created("Items created")).toBe("Items created 2");
    expect(await created("Movements created")).toBe("Movements created 3");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.unroute("**/api/imports/commit**");

    // The items are on the Item Management screen with their quantities where they were put.
    await searchItems(page, prefix);
    const tea = page.getByRole("article", { name: `${prefix}-TEA Cardamom Tea, green ${prefix}` });
    const box = page.getByRole("article", { name: `${prefix}-BOX Carton Box ${prefix}` });
    await tea.getByText("TEA", { exact: true }).waitFor();
    await box.getByText("OTHER", { exact: true }).waitFor();
    expect(await locationLines(tea)).toEqual([`${warehouse.name}A01 12.5 kilogram`]);
    expect(await locationLines(box)).toEqual([
      `${warehouse.name}A02 8 pieces`,
      `${warehouse.name}B02 30 pieces`,
    ]);
    await box.getByText("38 pieces").waitFor();

    // Opening again starts afresh at the upload step.
    await page.getByRole("button", { name: "Bulk Upload CSV" }).click();
    await dialog.getByText("Drag a CSV file here or click to choose one").waitFor();
    expect(await dialog.getByRole("table").count()).toBe(0);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("shows a bad row's error beside it in the preview and keeps the upload disabled", async () => {
    const warehouse = await createWarehouse(uniquePrefix("BUWH"), 2, 2);
    const prefix = uniquePrefix("BB");
    const page = browser.page();
    const dialog = await openBulkUpload(page);

    // A file-level problem is the server's message, on the upload step.
    await fileInput(dialog).setInputFiles(
      csvFile("no-shelf.csv", ["Item Number,Name,Quantity,Warehouse", `${prefix}-1,One,1,${warehouse.name}`]),
    );
    await dialog.getByRole("alert").getByText("Missing required headers: Shelf").waitFor();

    await fileInput(dialog).setInputFiles(
      csvFile(
        "bad-row.csv",
        [
          "Item Number,Name,Quantity,Warehouse,Shelf",
          `${prefix}-OK,Good ${prefix},5,${warehouse.name},A1`,
          `${prefix}-BAD,Bad ${prefix},-3,${warehouse.name},A1`,
          `${prefix}-FAR,Far ${prefix},4,${warehouse.name},Z9`,
        ],
        false,
      ),
    );
    const table = dialog.getByRole("table", { name: "Rows of the file" });
    await table.waitFor();
    await table
      .getByRole("row", { name: "Row 2" })
      .getByText("Quantity must be a non-negative number")
      .waitFor();
    await table
      .getByRole("row", { name: "Row 3" })
      .getByText(`Shelf Z does not exist in warehouse ${warehouse.name}`)
      .waitFor();
    await table.getByRole("row", { name: "Row 1" }).getByText(`${warehouse.name}A01`).waitFor();
    await dialog.getByText(/^2 rows have errors\./).waitFor();
    expect(await dialog.getByRole("button", { name: "Upload 3 items" }).isDisabled()).toBe(true);

    // Only the rows with errors, on request.
    await dialog.getByRole("switch", { name: "Show only rows with errors" }).check({ force: true });
    await table.getByRole("row", { name: "Row 1" }).waitFor({ state: "detached" });
    expect(await table.getByRole("row", { name: /^Row \d+$/ }).count()).toBe(2);

    // Nothing was written.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await searchItems(page, prefix);
    await page.getByText("No items match your search.").waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("shows each row's error in Arabic to an Arabic reader", async () => {
    const warehouse = await createWarehouse(uniquePrefix("BUWH"), 2, 2);
    const prefix = uniquePrefix("BA");
    const reader = await createReadyAdmin(`Arabic Uploader ${prefix}`, "ar");
    const page = browser.page();
    try {
      await signInThroughPortal(page, "admin", reader.email, reader.password);
      await expectPath(page, "/wmscontrolpaneladmin/dashboard");
      await page.goto("/wmscontrolpaneladmin/items");
      await page.getByRole("button", { name: "رفع ملف CSV مجمّع" }).click();
      const dialog = page.getByRole("dialog", { name: "رفع ملف CSV مجمّع" });
      await fileInput(dialog).setInputFiles(
        csvFile("arabic-rows.csv", [
          "Item Number,Name,Quantity,Warehouse,Shelf",
          `${prefix}-BAD,Bad ${prefix},-3,${warehouse.name},A1`,
          `${prefix}-FAR,Far ${prefix},4,${warehouse.name},Z9`,
          `${prefix}-HALF,Half ${prefix},1.5,${warehouse.name},A1`,
        ]),
      );
      const table = dialog.getByRole("table", { name: "صفوف الملف" });
      await table
        .getByRole("row", { name: "الصف 1" })
        .getByText("يجب أن تكون الكمية رقمًا غير سالب")
        .waitFor();
      await table
        .getByRole("row", { name: "الصف 2" })
        .getByText(`الرف Z غير موجود في المستودع ${warehouse.name}`)
        .waitFor();
      await table
        .getByRole("row", { name: "الصف 3" })
        .getByText("يجب أن تكون الكمية عددًا صحيحًا للوحدة قطعة")
        .waitFor();
      // No English is left in the errors column (the warehouse's name stays as it was written).
      const errors = await table.locator("tbody tr td:last-child").allInnerTexts();
      expect(errors.join(" ").replaceAll(warehouse.name, "")).not.toMatch(/[A-Za-z]{3,}/);
    } finally {
      // The profile is shared by the file's tests: the language this reader's sign-in remembered on
      // the device must not carry over to the next test's login page.
      await page.evaluate(() => localStorage.removeItem("wms.language"));
    }
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("lists the rows that could not be saved when the data changed after the preview, and Try Again returns to the preview", async () => {
    const warehouse = await createWarehouse(uniquePrefix("BUWH"), 2, 2);
    const prefix = uniquePrefix("BT");
    const page = browser.page();
    const dialog = await openBulkUpload(page);
    await fileInput(dialog).setInputFiles(
      csvFile("late.csv", [
        "Item Number,Name,Quantity,Warehouse,Shelf,Section",
        `${prefix}-1,First ${prefix},2,${warehouse.name},A,01`,
        `${prefix}-2,Second ${prefix},3,${warehouse.name},B,02`,
      ]),
    );
    const upload = dialog.getByRole("button", { name: "Upload 2 items" });
    await upload.waitFor();
    expect(await upload.isEnabled()).toBe(true);

    // Someone adds the second item number meanwhile: the upload is refused as a whole.
    await createItems([{ itemNo: `${prefix}-2`, name: "Added meanwhile" }]);
    await upload.click();
    await dialog
      .getByRole("alert")
      .getByText("The upload could not be completed. No items were saved.")
      .waitFor();
    await dialog.getByText(/^Row 2: Item with this number already exists/).waitFor();

    await dialog.getByRole("button", { name: "Try Again" }).click();
    const table = dialog.getByRole("table", { name: "Rows of the file" });
    await table
      .getByRole("row", { name: "Row 2" })
      .getByText("Item with this number already exists")
      .waitFor();
    await dialog.getByRole("button", { name: "Upload 2 items" }).waitFor();
    expect(await dialog.getByRole("button", { name: "Upload 2 items" }).isDisabled()).toBe(true);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await searchItems(page, prefix);
    await page.getByRole("article", { name: `${prefix}-2 Added meanwhile` }).waitFor();
    expect(await page.getByRole("article", { name: `${prefix}-1 First ${prefix}` }).count()).toBe(0);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
  it("says the session is gone in the spec's words when it ends before the upload, and Close leads to the login page", async () => {
    const warehouse = await createWarehouse(uniquePrefix("BUWH"), 2, 2);
    const prefix = uniquePrefix("BS");
    const page = browser.page();
    const dialog = await openBulkUpload(page);
    await fileInput(dialog).setInputFiles(
      csvFile("session.csv", [
        "Item Number,Name,Quantity,Warehouse,Shelf,Section",
        `${prefix}-1,First ${prefix},2,${warehouse.name},A,01`,
      ]),
    );
    const upload = dialog.getByRole("button", { name: "Upload 1 item" });
    await upload.waitFor();

    // The session ends (signed out elsewhere, or expired) while the preview is on screen.
    await page.context().clearCookies();
    await upload.click();
    await dialog
      .getByRole("alert")
      .getByText("User authentication data is missing. Please log out and log in again.")
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/wmscontrolpaneladmin/items");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expectPath(page, "/wmscontrolpaneladmin/login");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});
