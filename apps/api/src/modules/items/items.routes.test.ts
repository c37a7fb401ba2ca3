import { ITEM_SEARCH_COUNT_CAP } from "@wms/domain";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  receive,
  writeStock,
} from "../../../test/factories/stock.ts";
import { signedInAs } from "../../../test/factories/users.ts";
import { errorCode, request } from "../../../test/http.ts";

const ctx = await createTestContext();
const { user: admin, cookie } = await signedInAs(ctx, { role: "admin" });
const { cookie: staffCookie } = await signedInAs(ctx, { role: "staff" });

afterEach(() => expectLedgerConsistent(ctx));

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
  request(ctx.app, method, url, { cookie, body });

async function itemCount() {
  const result = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from items`);
  return result.rows[0]?.n ?? 0;
}

describe("adding items", () => {
  it("applies the spec's defaults: RAW_MATERIAL, pieces, price 0, minimum 0", async () => {
    const response = await call("POST", "/api/items", { itemNo: " TEA-001 ", name: "Green tea" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      itemNo: "TEA-001",
      name: "Green tea",
      description: "",
      type: "RAW_MATERIAL",
      unit: "pieces",
      unitPrice: "0.00",
      minQuantity: "0",
      totalQuantity: "0",
      totalValue: "0.00",
      isLowStock: false,
      locations: [],
    });
  });

  it.each([
    ["an unknown type", { type: "SPICE" }, "type"],
    ["an unknown unit", { unit: "gallon" }, "unit"],
    ["a negative price", { unitPrice: -1 }, "unitPrice"],
    ["a price with 3 decimals", { unitPrice: "1.005" }, "unitPrice"],
    ["a price that is not a number", { unitPrice: "ten" }, "unitPrice"],
    ["a negative minimum", { minQuantity: "-2" }, "minQuantity"],
    ["a fractional minimum in pieces", { unit: "pieces", minQuantity: "2.5" }, "minQuantity"],
    ["a 10,000-character name", { name: "x".repeat(10_000) }, "name"],
    ["a NUL byte in the name", { name: "Tea\u0000" }, "name"],
    ["a whitespace item number", { itemNo: "   " }, "itemNo"],
    ["an empty name", { name: "" }, "name"],
    ["a whitespace name", { name: " \t " }, "name"],
  ])("refuses %s with 400 and stores nothing", async (_case, overrides, field) => {
    const before = await itemCount();
    const response = await call("POST", "/api/items", { itemNo: "BAD-1", name: "Bad", ...overrides });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.details.fields)).toContain(field);
    expect(await itemCount()).toBe(before);
  });

  it("accepts kilograms with 3 decimals", async () => {
    const response = await call("POST", "/api/items", {
      itemNo: "KG-1",
      name: "Loose tea",
      unit: "kilogram",
      unitPrice: 42.5,
      minQuantity: "0.125",
    });
    expect(response.json()).toMatchObject({ unitPrice: "42.50", minQuantity: "0.125" });
  });

  it("refuses an item number in use, ignoring case and spaces, with the spec's message", async () => {
    await call("POST", "/api/items", { itemNo: "DUP-7", name: "First" });
    const before = await itemCount();
    const response = await call("POST", "/api/items", { itemNo: " dup-7 ", name: "Second" });
    expect(response.statusCode).toBe(409);
    expect(await itemCount()).toBe(before);
    expect(response.json().error).toMatchObject({
      code: "ITEM_NO_TAKEN",
      message: "Item with this number already exists",
    });
  });
});

describe("listing items", () => {
  it("searches number, name and description on the server, and filters by type", async () => {
    await call("POST", "/api/items", { itemNo: "SRCH-A", name: "Jasmine pearls", type: "TEA" });
    await call("POST", "/api/items", {
      itemNo: "SRCH-B",
      name: "Cardamom",
      description: "Green pods, 50% grade",
    });
    const list = async (query: string) =>
      (await call("GET", `/api/items?${query}`)).json().items.map((item: { itemNo: string }) => item.itemNo);
    expect(await list("search=srch-a")).toEqual(["SRCH-A"]);
    expect(await list("search=JASMINE")).toEqual(["SRCH-A"]);
    expect(await list("search=green%20pods")).toEqual(["SRCH-B"]);
    expect(await list("search=50%25")).toEqual(["SRCH-B"]);
    expect(await list("search=srch&type=TEA")).toEqual(["SRCH-A"]);
    expect(await list("search=%25%25%25")).toEqual([]);
  });

  it("pages 20 at a time: 45 items make 3 pages, the last with 5", async () => {
    for (let n = 1; n <= 45; n += 1) {
      await createTestItem(ctx, { itemNo: `PAGE-${String(n).padStart(2, "0")}`, name: "Paged" });
    }
    const page = async (p: number) => (await call("GET", `/api/items?search=page-&page=${p}`)).json();
    const first = await page(1);
    expect(first).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0].itemNo).toBe("PAGE-01");
    const third = await page(3);
    expect(third.items.map((item: { itemNo: string }) => item.itemNo)).toEqual([
      "PAGE-41",
      "PAGE-42",
      "PAGE-43",
      "PAGE-44",
      "PAGE-45",
    ]);
    expect((await page(4)).items).toEqual([]);
    expect((await page(4)).total).toBe(45);
  });

  it("counts a search's matches up to the cap and then says there are more", async () => {
    const cap = ITEM_SEARCH_COUNT_CAP;
    const itemNo = (n: number) => `CAP-${String(n).padStart(5, "0")}`;
    await ctx.db.execute(sql`
      insert into items (item_no, name, description, type, unit, unit_price, min_quantity)
      select 'CAP-' || lpad(n::text, 5, '0'), 'Capped chai', '', 'TEA', 'pieces', 1, 0
      from generate_series(1, ${cap + 5}) n`);
    const many = (await call("GET", "/api/items?search=capped%20chai")).json();
    expect(many).toMatchObject({ total: cap, totalIsLowerBound: true });
    expect(many.items).toHaveLength(20);
    const lastPage = (await call("GET", `/api/items?search=capped%20chai&page=${cap / 20}`)).json();
    expect(lastPage.items[19].itemNo).toBe(itemNo(cap));
    await ctx.db.execute(
      sql`update items set archived_at = now() where item_no like 'CAP-%' and item_no > ${itemNo(cap)}`,
    );
    expect((await call("GET", "/api/items?search=capped%20chai")).json()).toMatchObject({
      total: cap,
      totalIsLowerBound: false,
    });
    expect((await call("GET", "/api/items?search=ZZZ-NOTHING")).json()).toMatchObject({
      total: 0,
      totalIsLowerBound: false,
    });
  });

  it("refuses unknown filters and out-of-range pages", async () => {
    expect((await call("GET", "/api/items?sort=password_hash")).statusCode).toBe(400);
    expect((await call("GET", "/api/items?page=0")).statusCode).toBe(400);
    expect((await call("GET", "/api/items?type=DROP%20TABLE")).statusCode).toBe(400);
  });

  it("shows totals, value and locations, and flags low stock", async () => {
    const warehouse = await createTestWarehouse(ctx, { name: "TOTALS" }, ["COLD"]);
    const created = await call("POST", "/api/items", {
      itemNo: "TOT-1",
      name: "Saffron",
      unit: "kilogram",
      unitPrice: "3.333",
      minQuantity: "10",
    });
    expect(created.statusCode).toBe(400);
    const item = (
      await call("POST", "/api/items", {
        itemNo: "TOT-1",
        name: "Saffron",
        unit: "kilogram",
        unitPrice: "3.33",
        minQuantity: "10",
      })
    ).json();
    await receive(ctx, item.id, await positionId(ctx, warehouse.id, "B", "02"), "2.5");
    await receive(ctx, item.id, await positionId(ctx, warehouse.id, "COLD", null), "0.125");
    const view = (await call("GET", `/api/items/${item.id}`)).json();
    // Value is rounded per location and then summed (8.33 + 0.42), as in every report.
    expect(view).toMatchObject({ totalQuantity: "2.625", totalValue: "8.75", isLowStock: true });
    expect(view.locations.map((l: { code: string; quantity: string }) => [l.code, l.quantity])).toEqual([
      ["TOTALSB02", "2.5"],
      ["TOTALSCOLD", "0.125"],
    ]);
    const lowStock = (await call("GET", "/api/items?lowStock=true")).json();
    expect(lowStock.items.map((i: { itemNo: string }) => i.itemNo)).toContain("TOT-1");
    expect(lowStock.lowStockCount).toBe(lowStock.total);

    // Low means below the minimum: at exactly the minimum the item is not flagged.
    await receive(ctx, item.id, await positionId(ctx, warehouse.id, "B", "02"), "7.375");
    expect((await call("GET", `/api/items/${item.id}`)).json()).toMatchObject({
      totalQuantity: "10",
      isLowStock: false,
    });
    const atMinimum = (await call("GET", "/api/items?lowStock=true")).json();
    expect(atMinimum.items.map((i: { itemNo: string }) => i.itemNo)).not.toContain("TOT-1");
  });

  it("lets staff read items but not change them", async () => {
    expect((await request(ctx.app, "GET", "/api/items", { cookie: staffCookie })).statusCode).toBe(200);
    const response = await request(ctx.app, "POST", "/api/items", {
      cookie: staffCookie,
      body: { itemNo: "S-1", name: "x" },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("editing and deleting items", () => {
  it("edits every field, audits before and after, and keeps numbers unique", async () => {
    const item = await createTestItem(ctx, { itemNo: "EDIT-1", name: "Old name" });
    await createTestItem(ctx, { itemNo: "EDIT-2" });
    const updated = await call("PUT", `/api/items/${item.id}`, {
      itemNo: "EDIT-1B",
      name: "New name",
      description: "Now described",
      type: "FINISHED",
      unit: "box",
      unitPrice: "12.5",
      minQuantity: "4",
    });
    expect(updated.json()).toMatchObject({
      itemNo: "EDIT-1B",
      name: "New name",
      type: "FINISHED",
      unitPrice: "12.50",
    });
    const taken = await call("PUT", `/api/items/${item.id}`, { itemNo: "edit-2", name: "Clash" });
    expect(errorCode(taken)).toBe("ITEM_NO_TAKEN");
    const audit = await ctx.db.execute<{ before: { name: string }; after: { name: string } }>(
      sql`select before, after from audit_log where entity = 'item' and entity_id = ${String(item.id)} and action = 'update'`,
    );
    expect(audit.rows[0]?.before.name).toBe("Old name");
    expect(audit.rows[0]?.after.name).toBe("New name");
  });

  it("refuses to delete an item with stock, with the spec's message", async () => {
    const warehouse = await createTestWarehouse(ctx);
    const item = await createTestItem(ctx, { unit: "kilogram" });
    await receive(ctx, item.id, await positionId(ctx, warehouse.id, "A", "01"), "1250.5");
    const response = await call("DELETE", `/api/items/${item.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "Cannot delete item. Current quantity is 1,250.5 kilogram. Items can only be deleted when quantity is zero.",
    );
  });

  it("archives an item at zero: gone from lists, 'Item not found' after, number free again", async () => {
    const warehouse = await createTestWarehouse(ctx);
    const item = await createTestItem(ctx, { itemNo: "GONE-1" });
    const position = await positionId(ctx, warehouse.id, "A", "01");
    await receive(ctx, item.id, position, "2");
    await writeStock(ctx, [{ type: "dispatched", itemId: item.id, fromLocationId: position, quantity: "2" }]);
    expect((await call("DELETE", `/api/items/${item.id}`)).statusCode).toBe(204);
    const gone = await call("GET", `/api/items/${item.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe("Item not found");
    expect((await call("DELETE", `/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await call("POST", "/api/items", { itemNo: "gone-1", name: "Reborn" })).statusCode).toBe(201);
    const audit = await ctx.db.execute<{ actorId: number | null; before: { itemNo: string; name: string } }>(
      sql`select actor_id as "actorId", before from audit_log
          where entity = 'item' and entity_id = ${String(item.id)} and action = 'archive'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      actorId: admin.id,
      before: { itemNo: "GONE-1", name: "Test item" },
    });
  });
});
