import { Readable } from "node:stream";
import { IMPORT_MAX_BYTES } from "@wms/domain";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
} from "../../../test/factories/stock.ts";
import { signedInAs } from "../../../test/factories/users.ts";
import { errorCode, request } from "../../../test/http.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../http/csrf.ts";

const ctx = await createTestContext();
const { cookie } = await signedInAs(ctx, { role: "admin", name: "Upload Admin" });
const { cookie: otherAdminCookie } = await signedInAs(ctx, { role: "admin" });
const { cookie: staffCookie } = await signedInAs(ctx, { role: "staff" });
// MAIN: shelves A-C, sections 01-02, container shelf COLD. Store 2: shelves A-B, sections 01-03.
const main = await createTestWarehouse(ctx, { name: "MAIN", maxShelves: 3, sectionsPerShelf: 2 }, ["COLD"]);
const store2 = await createTestWarehouse(ctx, { name: "Store 2", maxShelves: 2, sectionsPerShelf: 3 });

afterEach(() => expectLedgerConsistent(ctx));

const HEADER =
  "Item Number,Name,Description,Type,Unit,Unit Price,Min Quantity,Quantity,Warehouse,Shelf,Section";

interface Row {
  itemNo?: string;
  name?: string;
  description?: string;
  type?: string;
  unit?: string;
  unitPrice?: string;
  minQuantity?: string;
  quantity?: string;
  warehouse?: string;
  shelf?: string;
  section?: string;
}

/** One CSV line in HEADER's column order; fields default to a valid row. */
function line(row: Row): string {
  const cells = [
    row.itemNo ?? "X-1",
    row.name ?? "Widget",
    row.description ?? "",
    row.type ?? "",
    row.unit ?? "",
    row.unitPrice ?? "",
    row.minQuantity ?? "",
    row.quantity ?? "1",
    row.warehouse ?? "MAIN",
    row.shelf ?? "A",
    row.section ?? "01",
  ];
  return cells.join(",");
}

const csv = (...rows: Row[]) => [HEADER, ...rows.map(line)].join("\n");

function upload(
  path: "preview" | "commit",
  body: string | Buffer,
  options: { fileName?: string; headers?: Record<string, string>; cookie?: string } = {},
) {
  const fileName = encodeURIComponent(options.fileName ?? "items.csv");
  return request(ctx.app, "POST", `/api/imports/${path}?fileName=${fileName}`, {
    cookie: options.cookie ?? cookie,
    body,
    headers: { "content-type": "text/csv", ...options.headers },
  });
}

const preview = (body: string | Buffer, options: Parameters<typeof upload>[2] = {}) =>
  upload("preview", body, options);

let keys = 0;
const newKey = () => `import-key-${++keys}-${Date.now()}`;
const commit = (body: string | Buffer, key = newKey(), options: Parameters<typeof upload>[2] = {}) =>
  upload("commit", body, { ...options, headers: { "idempotency-key": key, ...options.headers } });

/** The messages of a previewed file's rows, row by row (only rows with errors). */
async function rowErrors(body: string) {
  const response = await preview(body);
  expect(response.statusCode).toBe(200);
  const result = response.json() as { rows: Array<{ row: number; errors: Array<{ message: string }> }> };
  return Object.fromEntries(
    result.rows
      .filter((row) => row.errors.length > 0)
      .map((row) => [row.row, row.errors.map((e) => e.message)]),
  );
}

async function countWhere(table: "items" | "stock_movements", condition = sql`true`) {
  const result = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(table)} where ${condition}`,
  );
  return result.rows[0]?.n ?? 0;
}

describe("file-level refusals, with the spec's messages", () => {
  it.each([
    ["a name that is not .csv", "items.xlsx", csv({}), "IMPORT_NOT_CSV", "Please upload a CSV file"],
    ["a disguised name", "items.csv.exe", csv({}), "IMPORT_NOT_CSV", "Please upload a CSV file"],
    ["no name at all", "", csv({}), "IMPORT_NOT_CSV", "Please upload a CSV file"],
    [
      "an SVG image (X31, X49)",
      "x.svg",
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      "IMPORT_NOT_CSV",
      "Please upload a CSV file",
    ],
    [
      "SVG content under a .csv name",
      "x.csv",
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>\n',
      "IMPORT_MISSING_HEADERS",
      "Missing required headers: Item Number, Name, Quantity, Warehouse, Shelf",
    ],
    ["an empty file", "empty.csv", "", "IMPORT_EMPTY", "CSV file is empty"],
    [
      "only a byte order mark and blank lines",
      "bom.csv",
      "\uFEFF\r\n\r\n",
      "IMPORT_EMPTY",
      "CSV file is empty",
    ],
    [
      "a header and no rows",
      "header.csv",
      `${HEADER}\r\n,,,,,,,,,,\r\n\r\n`,
      "IMPORT_EMPTY",
      "CSV file is empty",
    ],
    [
      "missing required headers",
      "missing.csv",
      "Item Number,Name,Warehouse\nA-1,Thing,MAIN\n",
      "IMPORT_MISSING_HEADERS",
      "Missing required headers: Quantity, Shelf",
    ],
    [
      "a quoted field never closed",
      "broken.csv",
      `${HEADER}\nQ-1,"Unclosed name,,,,,,1,MAIN,A,01\n`,
      "IMPORT_PARSE_FAILED",
      "Error parsing CSV",
    ],
    [
      "a column the upload does not know (never mapped onto a field)",
      "extra.csv",
      `${HEADER},id,Role\n${line({})},7,admin\n`,
      "IMPORT_UNKNOWN_COLUMNS",
      "Unknown columns: id, Role. Remove them, or rename them to one of: Item Number, Name, Description, Type, Unit, Unit Price, Min Quantity, Quantity, Warehouse, Shelf, Section",
    ],
    [
      "a column twice",
      "twice.csv",
      "Item Number,Name,Quantity,Warehouse,Shelf,name\nA,B,1,MAIN,A1,C\n",
      "IMPORT_DUPLICATE_COLUMNS",
      "These columns appear more than once: Name",
    ],
  ])("refuses %s", async (_case, fileName, body, code, message) => {
    const response = await preview(body, { fileName });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code, message });
    // The same refusal on commit, and nothing is saved.
    const committed = await commit(body, newKey(), { fileName });
    expect(committed.json().error).toMatchObject({ code, message });
  });

  it("refuses other encodings and content that is not CSV text", async () => {
    const latin1 = Buffer.from(`${HEADER}\nL-1,Caf\xe9,,,,,,1,MAIN,A,01\n`, "latin1");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv({}), "utf16le")]);
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
    const binary = Buffer.from([0x49, 0x74, 0x65, 0x6d, 0x00, 0x01, 0x02]);
    for (const [body, code] of [
      [latin1, "IMPORT_NOT_UTF8"],
      [utf16, "IMPORT_NOT_UTF8"],
      [xlsx, "IMPORT_NOT_TEXT"],
      [binary, "IMPORT_NOT_TEXT"],
    ] as const) {
      const response = await preview(body);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe(code);
    }
    expect((await preview(latin1)).json().error.message).toBe(
      "This file is not UTF-8 text. Save it from your spreadsheet as CSV UTF-8 and upload it again.",
    );
  });

  it("never uses the file name as a path: ../../etc/passwd.csv is only a label (X49)", async () => {
    const name = "../../etc/passwd.csv";
    const body = csv({ itemNo: "TRAVERSAL-1", name: "Uploaded not read from disk" });
    const previewed = await preview(body, { fileName: name });
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json().summary).toMatchObject({ fileName: name, rows: 1, errorCount: 0 });
    expect(previewed.json().rows[0].values).toMatchObject({
      itemNo: "TRAVERSAL-1",
      name: "Uploaded not read from disk",
    });
    // Nothing of the file at that path (or anywhere on disk) reaches the answer.
    expect(previewed.body).not.toMatch(/root:|nologin|\/bin\/(ba)?sh/);

    const committed = await commit(body, newKey(), { fileName: name });
    expect(committed.statusCode).toBe(201);
    expect(committed.json()).toMatchObject({ fileName: name, itemsCreated: 1, movementsCreated: 1 });
    expect(await countWhere("items", sql`item_no = 'TRAVERSAL-1'`)).toBe(1);
    // A Windows-style name is just as inert, and a name ending elsewhere than .csv is refused.
    for (const other of ["..\\..\\Windows\\win.ini.csv", "/etc/passwd", "items.csv/../../x.svg"]) {
      const response = await preview(body, { fileName: other });
      if (other.toLowerCase().endsWith(".csv")) {
        expect(response.statusCode).toBe(200);
        expect(response.json().summary.fileName).toBe(other);
      } else {
        expect(response.statusCode).toBe(400);
        expect(errorCode(response)).toBe("IMPORT_NOT_CSV");
      }
    }
  });

  it("reads only text/csv bodies: JSON is refused with 415", async () => {
    const response = await request(ctx.app, "POST", "/api/imports/preview?fileName=a.csv", {
      cookie,
      body: { rows: [] },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(
      "Upload the CSV file itself as the request body, with Content-Type text/csv.",
    );
  });
});

describe("parsing what spreadsheets write", () => {
  it("reads UTF-8 with BOM, CRLF, quoted commas and line breaks, Arabic, headers in any case and order", async () => {
    const body = [
      "\uFEFF  quantity ,ITEM NUMBER,name,Description,warehouse,SHELF,section",
      '2,P-AR,شاي أخضر,"Loose leaf, 1 kg\r\nsecond line ""quoted""",main,b,2',
      '3.5,P-KG,"Tea, black",,Main,COLD,',
      "",
      "",
    ].join("\r\n");
    const response = await preview(body, { fileName: "Arabic ملف.CSV" });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.summary).toMatchObject({
      fileName: "Arabic ملف.CSV",
      rows: 2,
      rowsWithErrors: 1,
      items: 2,
    });
    expect(result.columns).toEqual([
      "quantity",
      "itemNo",
      "name",
      "description",
      "warehouse",
      "shelf",
      "section",
    ]);
    const [arabic, black] = result.rows;
    expect(arabic).toMatchObject({
      row: 1,
      values: {
        itemNo: "P-AR",
        name: "شاي أخضر",
        description: 'Loose leaf, 1 kg\r\nsecond line "quoted"',
        type: "OTHER",
        unit: "pieces",
        unitPrice: "0",
        minQuantity: "0",
        quantity: "2",
      },
      location: { warehouseId: main.id, warehouseName: "MAIN", shelf: "B", section: "02", code: "MAINB02" },
      errors: [],
    });
    // 3.5 pieces: the bulk default unit counts whole numbers.
    expect(black.values).toMatchObject({ name: "Tea, black", quantity: "3.5" });
    expect(black.location).toMatchObject({ shelf: "COLD", section: null, code: "MAINCOLD" });
    expect(black.errors).toEqual([
      { row: 2, field: "quantity", message: "Quantity must be a whole number for pieces" },
    ]);
  });

  it("reads a header written with semicolons as semicolon separated, and strips our export's formula guard", async () => {
    const body = "Item Number;Name;Quantity;Warehouse;Shelf;Section\n'=SEMI-1;'-5 widgets;4;MAIN;A;1\n";
    const result = (await preview(body)).json();
    expect(result.rows[0].values).toMatchObject({ itemNo: "=SEMI-1", name: "-5 widgets", quantity: "4" });
    expect(result.canCommit).toBe(true);
  });
});

describe("row errors and preview validations", () => {
  it("reports the spec's row errors", async () => {
    const body = [
      HEADER,
      "R-1,Short row,,,,,,1,MAIN",
      line({ itemNo: "" }),
      line({ itemNo: "R-3", name: " " }),
      line({ itemNo: "R-4", quantity: "-1" }),
      line({ itemNo: "R-5", quantity: "ten" }),
      line({ itemNo: "R-6", quantity: "" }),
      line({ itemNo: "R-7", warehouse: "" }),
      `${line({ itemNo: "R-8" })},surplus`,
      // Ten digits: more than a quantity may have anywhere (the movement form refuses it too).
      line({ itemNo: "R-9", quantity: "1000000000" }),
    ].join("\n");
    expect(await rowErrors(body)).toEqual({
      1: ["Not enough columns"],
      2: ["Missing item number or name"],
      3: ["Missing item number or name"],
      4: ["Quantity must be a non-negative number"],
      5: ["Quantity must be a non-negative number"],
      6: ["Quantity must be a non-negative number"],
      7: ["Warehouse name required"],
      8: ["Too many columns"],
      9: ["Quantity must be less than 1,000,000,000"],
    });
  });

  it("checks items against the database, types, units, prices, locations, shelves and sections", async () => {
    await createTestItem(ctx, { itemNo: "Taken-1" });
    const body = csv(
      { itemNo: "  taken-1 " },
      { itemNo: "V-2", type: "gadget" },
      { itemNo: "V-3", unit: "dozen" },
      { itemNo: "V-4", unitPrice: "-2" },
      { itemNo: "V-5", minQuantity: "-1" },
      { itemNo: "V-6", shelf: "" },
      { itemNo: "V-7", warehouse: "Nowhere" },
      { itemNo: "V-8", shelf: "Z" },
      { itemNo: "V-9", section: "05" },
      { itemNo: "V-10", shelf: "B3", section: "" },
      { itemNo: "V-11", shelf: "COLD", section: "01" },
      { itemNo: "V-12", shelf: "A", section: "" },
      { itemNo: "V-13", shelf: "A2", section: "01" },
      { itemNo: "V-14", unitPrice: "1.234" },
      { itemNo: "V-15", shelf: "C", section: "x" },
    );
    expect(await rowErrors(body)).toEqual({
      1: ["Item with this number already exists"],
      2: ["Type must be one of RAW_MATERIAL, FINISHED, PLM, GPM, INGREDIENTS, TEA, OTHER, ASSETS"],
      3: ["Unit must be one of pieces, kilogram, box, meter, liter, roll"],
      4: ["Unit price cannot be negative"],
      5: ["Minimum quantity cannot be negative"],
      6: ["At least one location is required: fill in Warehouse and Shelf"],
      7: ["Warehouse Nowhere does not exist"],
      8: ["Shelf Z does not exist in warehouse MAIN"],
      9: ["Section 05 is not valid. Must be between 01 and 02"],
      10: ["Section 03 is not valid. Must be between 01 and 02"],
      11: ["Shelf COLD is a container shelf: leave Section empty or write CONTAINER"],
      12: ["Section is required for shelf A. Must be between 01 and 02"],
      13: ["Shelf A2 names a different section than Section 01"],
      14: ["Unit price must be a number with at most 2 decimals"],
      15: ["Section x is not valid. Must be between 01 and 02"],
    });
  });

  it("accepts warehouses by name or id in any case, the shelf cell format, CONTAINER, and item spellings", async () => {
    const body = csv(
      { itemNo: "OK-1", warehouse: "store 2", shelf: "b3", section: "" },
      { itemNo: "OK-2", warehouse: String(store2.id), shelf: "A", section: "3" },
      { itemNo: "OK-3", warehouse: "main", shelf: "cold", section: "container" },
      {
        itemNo: "OK-4",
        type: "raw material",
        unit: "ROLL",
        unitPrice: "2.50",
        minQuantity: "4",
        quantity: "0",
      },
    );
    const result = (await preview(body)).json();
    expect(result.canCommit).toBe(true);
    expect(result.rows.map((row: { location: { code: string } }) => row.location.code)).toEqual([
      "Store 2B03",
      "Store 2A03",
      "MAINCOLD",
      "MAINA01",
    ]);
    expect(result.rows[3].values).toMatchObject({ type: "RAW_MATERIAL", unit: "roll", unitPrice: "2.5" });
    expect(result.summary).toMatchObject({ rows: 4, items: 4, movements: 3, errorCount: 0 });
  });

  it("treats rows with one item number as one item in several locations, whose fields must agree", async () => {
    const body = csv(
      { itemNo: "M-1", name: "Multi", unit: "kilogram", unitPrice: "5.50", quantity: "2", shelf: "A" },
      { itemNo: " m-1", name: "Multi", quantity: "3", shelf: "B" },
      { itemNo: "M-1", name: "Multi", unitPrice: "5.5", quantity: "1", shelf: "COLD", section: "" },
      { itemNo: "D-1", name: "Disagree", unit: "box", quantity: "1" },
      { itemNo: "D-1", name: "Disagree!", unit: "box", quantity: "1", shelf: "B" },
      { itemNo: "D-1", name: "Disagree", unit: "meter", quantity: "1", shelf: "C" },
    );
    const response = await preview(body);
    const result = response.json();
    expect(result.summary).toMatchObject({ rows: 6, items: 2 });
    expect(result.rows.slice(0, 3).every((row: { errors: unknown[] }) => row.errors.length === 0)).toBe(true);
    expect(result.rows[1].values).toMatchObject({ unit: "kilogram", unitPrice: "5.5" });
    expect(await rowErrors(body)).toEqual({
      4: [
        "Item D-1 has different Name values in rows 4, 5, 6",
        "Item D-1 has different Unit values in rows 4, 5, 6",
      ],
      5: [
        "Item D-1 has different Name values in rows 4, 5, 6",
        "Item D-1 has different Unit values in rows 4, 5, 6",
      ],
      6: [
        "Item D-1 has different Name values in rows 4, 5, 6",
        "Item D-1 has different Unit values in rows 4, 5, 6",
      ],
    });
    expect(result.rows[3].errors).toHaveLength(2);
  });

  it("writes nothing", async () => {
    const before = await countWhere("items");
    expect((await preview(csv({ itemNo: "NOSAVE-1" }))).statusCode).toBe(200);
    expect(await countWhere("items")).toBe(before);
  });
});

describe("commit", () => {
  it("creates every item and one received movement per row with a quantity, in one go", async () => {
    const body = csv(
      {
        itemNo: "C-1",
        name: "Tea",
        type: "TEA",
        unit: "kilogram",
        unitPrice: "45.5",
        quantity: "10.25",
        shelf: "A",
      },
      { itemNo: "C-1", name: "Tea", quantity: "4", shelf: "COLD", section: "" },
      // The same item and position twice: two movements, and the balance adds up.
      { itemNo: "C-1", name: "Tea", quantity: "0.75", shelf: "A1", section: "" },
      { itemNo: "C-2", name: "شاي", quantity: "12", warehouse: "Store 2", shelf: "B", section: "3" },
      { itemNo: "C-3", name: "Nothing yet", quantity: "0" },
    );
    const key = newKey();
    const response = await commit(body, key);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ fileName: "items.csv", rows: 5, itemsCreated: 3, movementsCreated: 4 });

    const items = await ctx.db.execute<{
      item_no: string;
      name: string;
      type: string;
      unit: string;
      price: string;
    }>(sql`
      select item_no, name, type, unit, unit_price::text as price from items
      where item_no in ('C-1', 'C-2', 'C-3') and archived_at is null order by item_no`);
    expect(items.rows).toEqual([
      { item_no: "C-1", name: "Tea", type: "TEA", unit: "kilogram", price: "45.50" },
      { item_no: "C-2", name: "شاي", type: "OTHER", unit: "pieces", price: "0.00" },
      { item_no: "C-3", name: "Nothing yet", type: "OTHER", unit: "pieces", price: "0.00" },
    ]);
    const movements = await ctx.db.execute<{
      item_no: string;
      code: string;
      quantity: string;
      reason: string;
      by: string;
    }>(sql`
      select i.item_no, w.name || l.shelf || coalesce(l.section, '') as code, trim_scale(m.quantity)::text as quantity,
             m.reason, m.managed_by_name as by
      from stock_movements m join items i on i.id = m.item_id
      join locations l on l.id = m.to_location_id join warehouses w on w.id = l.warehouse_id
      where m.type = 'received' and i.item_no in ('C-1', 'C-2', 'C-3') order by m.id`);
    expect(movements.rows).toEqual([
      { item_no: "C-1", code: "MAINA01", quantity: "10.25", reason: "Bulk upload", by: "Upload Admin" },
      { item_no: "C-1", code: "MAINCOLD", quantity: "4", reason: "Bulk upload", by: "Upload Admin" },
      { item_no: "C-1", code: "MAINA01", quantity: "0.75", reason: "Bulk upload", by: "Upload Admin" },
      { item_no: "C-2", code: "Store 2B03", quantity: "12", reason: "Bulk upload", by: "Upload Admin" },
    ]);
    const balance = await ctx.db.execute<{ quantity: string }>(sql`
      select trim_scale(sum(b.quantity))::text as quantity from stock_balances b join items i on i.id = b.item_id
      where i.item_no = 'C-1'`);
    expect(balance.rows[0]?.quantity).toBe("15");
    const audits = await ctx.db.execute<{ entity: string; n: number }>(sql`
      select entity, count(*)::int as n from audit_log where request_id in (
        select request_id from audit_log where entity = 'import' and entity_id = ${key})
      group by entity order by entity`);
    expect(audits.rows).toEqual([
      { entity: "import", n: 1 },
      { entity: "item", n: 3 },
      { entity: "stock_movement", n: 4 },
    ]);
    const progress = await request(ctx.app, "GET", `/api/imports/progress/${key}`, { cookie });
    expect(progress.json()).toMatchObject({ phase: "done", processed: 7, total: 7, percent: 100 });
    // Uploading the same numbers again is refused: they now exist.
    const again = await commit(body);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.details.validationErrors[0]).toEqual({
      row: 1,
      field: "itemNo",
      message: "Item with this number already exists",
    });
  });

  it("saves nothing when the last of 10,000 good rows is bad, and names that row", async () => {
    const good = Array.from({ length: 10_000 }, (_, i) =>
      line({
        itemNo: `BIG-${i}`,
        name: `Bulk item ${i}`,
        quantity: String((i % 7) + 1),
        shelf: "ABC"[i % 3],
        section: String((i % 2) + 1),
      }),
    );
    const body = [HEADER, ...good, line({ itemNo: "BIG-LAST", shelf: "Q" })].join("\r\n");
    const itemsBefore = await countWhere("items");
    const movementsBefore = await countWhere("stock_movements");
    const key = newKey();
    const response = await commit(body, key);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: "IMPORT_REJECTED",
      message: "The upload could not be completed. No items were saved.",
      details: {
        validationErrors: [
          { row: 10_001, field: "shelf", message: "Shelf Q does not exist in warehouse MAIN" },
        ],
        processingErrors: [],
      },
    });
    expect(await countWhere("items")).toBe(itemsBefore);
    expect(await countWhere("stock_movements")).toBe(movementsBefore);
    const progress = await request(ctx.app, "GET", `/api/imports/progress/${key}`, { cookie });
    expect(progress.json()).toMatchObject({
      phase: "failed",
      message: "The upload could not be completed. No items were saved.",
    });
  });

  it("refuses a taken item number as the row's error while the items are already being written, and saves nothing", async () => {
    // The items are inserted while the rows are checked: the first slice fails on the taken number
    // while the check still has most of 40,000 rows to go (a turn of the event loop every 2,000),
    // and the check's refusal, naming the row, is the answer.
    await createTestItem(ctx, { itemNo: "Dup-0" });
    const rows = Array.from({ length: 40_000 }, (_, i) =>
      line({ itemNo: `DUP-${i}`, name: `Duplicate ${i}`, quantity: "1", shelf: "C", section: "2" }),
    );
    const itemsBefore = await countWhere("items");
    const movementsBefore = await countWhere("stock_movements");
    const response = await commit([HEADER, ...rows].join("\n"));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual({
      validationErrors: [{ row: 1, field: "itemNo", message: "Item with this number already exists" }],
      processingErrors: [],
    });
    expect(await countWhere("items")).toBe(itemsBefore);
    expect(await countWhere("stock_movements")).toBe(movementsBefore);
  });

  /** Runs `work` with a trigger planted on `table` (the test's own database), removed afterwards. */
  async function withTrigger(table: "items" | "stock_movements", body: string, work: () => Promise<void>) {
    await ctx.db.execute(
      sql.raw(`create function upload_fault() returns trigger language plpgsql as $$ begin ${body} end $$`),
    );
    await ctx.db.execute(
      sql.raw(
        `create trigger upload_fault after insert on ${table} for each statement execute function upload_fault()`,
      ),
    );
    try {
      await work();
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger upload_fault on ${table}; drop function upload_fault()`));
    }
  }

  it("lists a row the stock service refuses while saving as a processing error, and saves nothing", async () => {
    // The destination passes the check, then is archived by another change before the stock is written.
    const b01 = await ctx.db.execute<{ id: number }>(
      sql`select id from locations where warehouse_id = ${main.id} and shelf = 'B' and section = '01'`,
    );
    const itemsBefore = await countWhere("items");
    await withTrigger(
      "items",
      `update locations set archived_at = now() where id = ${b01.rows[0]?.id}; return null;`,
      async () => {
        const response = await commit(csv({ itemNo: "PROC-1" }, { itemNo: "PROC-2", shelf: "B" }));
        expect(response.statusCode).toBe(422);
        expect(response.json().error).toEqual({
          code: "IMPORT_REJECTED",
          message: "The upload could not be completed. No items were saved.",
          details: {
            validationErrors: [],
            processingErrors: [{ row: 2, field: "shelf", message: "Please select a destination location" }],
          },
        });
      },
    );
    expect(await countWhere("items")).toBe(itemsBefore);
    const live = await ctx.db.execute<{ archived: boolean }>(
      sql`select archived_at is not null as archived from locations where id = ${b01.rows[0]?.id}`,
    );
    expect(live.rows[0]?.archived).toBe(false);
  });

  it("answers the spec's unexpected-error message when the database fails mid-save, and saves nothing", async () => {
    const itemsBefore = await countWhere("items");
    const movementsBefore = await countWhere("stock_movements");
    const key = newKey();
    await withTrigger("stock_movements", "raise exception 'the disk is on fire';", async () => {
      const response = await commit(csv({ itemNo: "FIRE-1" }), key);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toEqual({
        code: "IMPORT_UNEXPECTED",
        message: "An unexpected error occurred during bulk upload. No items were saved.",
      });
      expect(JSON.stringify(response.json())).not.toContain("fire");
    });
    expect(await countWhere("items")).toBe(itemsBefore);
    expect(await countWhere("stock_movements")).toBe(movementsBefore);
    const progress = await request(ctx.app, "GET", `/api/imports/progress/${key}`, { cookie });
    expect(progress.json()).toMatchObject({
      phase: "failed",
      message: "An unexpected error occurred during bulk upload. No items were saved.",
    });
    // The same key afterwards saves the file: the failed attempt left no claim behind.
    const retried = await commit(csv({ itemNo: "FIRE-1" }), key);
    expect(retried.statusCode).toBe(201);
  });

  it("records a retried or double-clicked upload once, and refuses the key with another file", async () => {
    const body = csv({ itemNo: "ONCE-1", quantity: "3" }, { itemNo: "ONCE-2", quantity: "2", shelf: "B" });
    const key = newKey();
    const [first, second] = await Promise.all([commit(body, key), commit(body, key)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const third = await commit(body, key);
    expect(third.statusCode).toBe(201);
    expect(third.json()).toEqual(first.json());
    expect(await countWhere("items", sql`item_no like 'ONCE-%'`)).toBe(2);
    expect(
      await countWhere("stock_movements", sql`item_id in (select id from items where item_no like 'ONCE-%')`),
    ).toBe(2);

    const other = await commit(csv({ itemNo: "ONCE-3" }), key);
    expect(other.statusCode).toBe(422);
    expect(errorCode(other)).toBe("IDEMPOTENCY_MISMATCH");
    const noKey = await upload("commit", csv({ itemNo: "NOKEY-1" }));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toBe("The Idempotency-Key header is required to upload items.");
    const badKey = await commit(csv({ itemNo: "BADKEY-1" }), "' OR 1=1--");
    expect(badKey.statusCode).toBe(400);
    expect(await countWhere("items", sql`item_no in ('ONCE-3', 'NOKEY-1', 'BADKEY-1')`)).toBe(0);
  });

  it("reports a real percentage from the database while it works, per user", async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) =>
      line({ itemNo: `PROG-${i}`, name: `Progress ${i}`, quantity: "1", shelf: "C", section: "2" }),
    );
    const key = newKey();
    expect((await request(ctx.app, "GET", `/api/imports/progress/${key}`, { cookie })).json()).toMatchObject({
      phase: "waiting",
      percent: 0,
    });
    const running = commit([HEADER, ...rows].join("\n"), key);
    const seen: Array<{ phase: string; percent: number; total: number }> = [];
    let finished = false;
    void running.then(() => {
      finished = true;
    });
    while (!finished) {
      seen.push((await request(ctx.app, "GET", `/api/imports/progress/${key}`, { cookie })).json());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await running).statusCode).toBe(201);
    const working = seen.filter((entry) => entry.phase === "saving_items" || entry.phase === "saving_stock");
    expect(working.length).toBeGreaterThan(0);
    expect(working.every((entry) => entry.total === 2_400 && entry.percent < 100)).toBe(true);
    const percents = seen.map((entry) => entry.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const final = await request(ctx.app, "GET", `/api/imports/progress/${key}`, { cookie });
    expect(final.json()).toMatchObject({ phase: "done", percent: 100, processed: 2_400, total: 2_400 });
    // Another user's view of the same key: nothing.
    const other = await request(ctx.app, "GET", `/api/imports/progress/${key}`, { cookie: otherAdminCookie });
    expect(other.json()).toMatchObject({ phase: "waiting" });
  });
});

describe("limits and access", () => {
  const tooLarge = () => Buffer.alloc(IMPORT_MAX_BYTES + 1, 0xe9); // invalid UTF-8 if it were ever read

  it("answers 413 to a body over 10 MB without parsing it, declared or streamed", async () => {
    const declared = await preview(tooLarge());
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "The file is larger than 10 MB. Split it into smaller files and upload them one by one.",
      details: { maxBytes: IMPORT_MAX_BYTES },
    });
    // No Content-Length: the limit is counted while the chunks arrive.
    async function* chunks() {
      for (let sent = 0; sent <= IMPORT_MAX_BYTES; sent += 1_048_576) {
        yield Buffer.alloc(1_048_576, 0xe9);
      }
    }
    const streamed = await ctx.app.inject({
      method: "POST",
      url: "/api/imports/commit?fileName=big.csv",
      headers: {
        cookie,
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        "content-type": "text/csv",
        "idempotency-key": newKey(),
      },
      payload: Readable.from(chunks()),
    });
    expect(streamed.statusCode).toBe(413);
    expect(errorCode(streamed)).toBe("PAYLOAD_TOO_LARGE");
  });

  it("keeps the rest of the API at its 1 MB limit", async () => {
    const response = await request(ctx.app, "POST", "/api/items", {
      cookie,
      body: JSON.stringify({ itemNo: "HUGE", name: "x".repeat(1_100_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(413);
  });

  it("is for admins only, and the sample file is a valid upload", async () => {
    expect((await preview(csv({}), { cookie: staffCookie })).statusCode).toBe(403);
    expect((await commit(csv({}), newKey(), { cookie: staffCookie })).statusCode).toBe(403);
    expect(
      (await request(ctx.app, "GET", "/api/imports/sample.csv", { cookie: staffCookie })).statusCode,
    ).toBe(403);

    const sample = await request(ctx.app, "GET", "/api/imports/sample.csv", { cookie });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(sample.headers["content-disposition"]).toBe('attachment; filename="bulk-upload-sample.csv"');
    expect(sample.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(sample.body.split("\r\n")[0]).toBe(
      '\uFEFF"Item Number","Name","Description","Type","Unit","Unit Price","Min Quantity","Quantity","Warehouse","Shelf","Section"',
    );
    const checked = (await preview(sample.rawPayload, { fileName: "bulk-upload-sample.csv" })).json();
    expect(checked.canCommit).toBe(true);
    expect(checked.summary).toMatchObject({ rows: 4, items: 3, movements: 3 });
    expect(checked.rows[2].values.name).toBe("شاي أخضر");
  });
});
