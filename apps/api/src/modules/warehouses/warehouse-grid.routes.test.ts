import {
  LocationContentsResponseSchema,
  WarehouseGridResponseSchema,
  WarehouseInventoryResponseSchema,
} from "@wms/domain";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  receive,
} from "../../../test/factories/stock.ts";
import { createUser, sessionCookieFor } from "../../../test/factories/users.ts";
import { errorCode, request } from "../../../test/http.ts";

const ctx = await createTestContext();
const staff = await createUser(ctx, { role: "staff" });
const cookie = await sessionCookieFor(ctx, staff.id);

afterEach(() => expectLedgerConsistent(ctx));

const get = (url: string) => request(ctx.app, "GET", url, { cookie });

let made = 0;

/** A 2 x 2 warehouse with a container shelf: B02 holds two items, COLD one, the rest is empty. */
async function stockedWarehouse() {
  made += 1;
  const warehouse = await createTestWarehouse(ctx, { maxShelves: 2, sectionsPerShelf: 2 }, ["COLD"]);
  const tea = await createTestItem(ctx, {
    itemNo: `G${made}-TEA`,
    name: "=Tea",
    unit: "kilogram",
    unitPrice: "3.33",
  });
  const box = await createTestItem(ctx, { itemNo: `G${made}-BOX`, name: "شاي Box", unitPrice: "2" });
  const b02 = await positionId(ctx, warehouse.id, "B", "02");
  const cold = await positionId(ctx, warehouse.id, "COLD", null);
  await receive(ctx, tea.id, b02, "2.5");
  await receive(ctx, box.id, b02, "4");
  await receive(ctx, tea.id, cold, "1");
  return { warehouse, tea, box, b02, cold, a01: await positionId(ctx, warehouse.id, "A", "01") };
}

describe("the warehouse grid", () => {
  it("returns every occupied position with the totals a cell shows, without its items", async () => {
    const { warehouse, b02, cold } = await stockedWarehouse();
    const grid = (await get(`/api/warehouses/${warehouse.id}/grid`)).json();
    // The route sends PostgreSQL's JSON as is, so the contract is checked here.
    expect(WarehouseGridResponseSchema.strict().safeParse(grid).error).toBeUndefined();
    expect(grid.warehouse).toMatchObject({
      name: warehouse.name,
      containerShelves: ["COLD"],
      itemCount: 2,
      totalValue: "19.66",
    });
    expect(grid.positions).toEqual([
      {
        locationId: b02,
        kind: "grid",
        shelf: "B",
        section: "02",
        totalQuantity: "6.5",
        totalValue: "16.33",
        itemCount: 2,
      },
      {
        locationId: cold,
        kind: "container",
        shelf: "COLD",
        section: null,
        totalQuantity: "1",
        totalValue: "3.33",
        itemCount: 1,
      },
    ]);
    const empty = await createTestWarehouse(ctx);
    expect((await get(`/api/warehouses/${empty.id}/grid`)).json().positions).toEqual([]);
    expect((await get("/api/warehouses/999999/grid")).statusCode).toBe(404);
  });
});

describe("a location's items", () => {
  it("lists what a location holds by item number, with values, for its modal and CSV export", async () => {
    const { warehouse, b02, tea, box } = await stockedWarehouse();
    const response = await get(`/api/locations/${b02}/items`);
    expect(response.statusCode).toBe(200);
    const contents = response.json();
    expect(LocationContentsResponseSchema.safeParse(contents).error).toBeUndefined();
    expect(contents).toMatchObject({
      warehouseId: warehouse.id,
      warehouseName: warehouse.name,
      position: { locationId: b02, shelf: "B", section: "02", totalQuantity: "6.5", totalValue: "16.33" },
    });
    expect(contents.position.items).toEqual([
      expect.objectContaining({
        itemNo: box.itemNo,
        name: "شاي Box",
        quantity: "4",
        value: "8.00",
        unitPrice: "2.00",
      }),
      expect.objectContaining({
        itemNo: tea.itemNo,
        name: "=Tea",
        quantity: "2.5",
        value: "8.33",
        unit: "kilogram",
      }),
    ]);
  });

  it("answers an empty location with no items, and an unknown one with 404", async () => {
    const { a01 } = await stockedWarehouse();
    expect((await get(`/api/locations/${a01}/items`)).json().position).toMatchObject({
      shelf: "A",
      section: "01",
      totalQuantity: "0",
      totalValue: "0.00",
      items: [],
    });
    const unknown = await get("/api/locations/999999/items");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Location not found.");
  });
});

describe("matching positions", () => {
  it("finds the positions holding an item whose number or name contains the search, ignoring case", async () => {
    const { warehouse, tea, b02, cold } = await stockedWarehouse();
    const match = async (query: string) =>
      (await get(`/api/warehouses/${warehouse.id}/matching-positions?${query}`)).json().locationIds;
    expect(await match(`q=${tea.itemNo.toLowerCase()}`)).toEqual([b02, cold].sort((a, b) => a - b));
    expect(await match("q=BOX")).toEqual([b02]);
    expect(await match(`q=${encodeURIComponent("شاي")}`)).toEqual([b02]);
    expect(await match(`q=${encodeURIComponent("  =tea ")}`)).toEqual([b02, cold].sort((a, b) => a - b));
    // Pattern characters are plain text.
    expect(await match(`q=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await match("q=coffee")).toEqual([]);
  });

  it("finds the positions holding some of one item (a movement's possible sources)", async () => {
    const { warehouse, box, tea, b02, cold } = await stockedWarehouse();
    const url = `/api/warehouses/${warehouse.id}/matching-positions`;
    expect((await get(`${url}?itemId=${box.id}`)).json().locationIds).toEqual([b02]);
    expect((await get(`${url}?itemId=${tea.id}`)).json().locationIds).toEqual(
      [b02, cold].sort((a, b) => a - b),
    );
    const other = await createTestWarehouse(ctx);
    expect((await get(`/api/warehouses/${other.id}/matching-positions?itemId=${tea.id}`)).json()).toEqual({
      locationIds: [],
    });
  });

  it("refuses a request without exactly one of a search and an item, and an unknown warehouse", async () => {
    const { warehouse, tea } = await stockedWarehouse();
    const url = `/api/warehouses/${warehouse.id}/matching-positions`;
    for (const query of ["", "?q=", "?q=%20%20", `?q=tea&itemId=${tea.id}`, "?itemId=abc", "?term=tea"]) {
      const response = await get(`${url}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response), query).toBe("VALIDATION_FAILED");
    }
    expect((await get("/api/warehouses/999999/matching-positions?q=tea")).statusCode).toBe(404);
  });
});

describe("the inventory export's data", () => {
  it("returns every occupied position with its items in layout order", async () => {
    const { warehouse, tea, box } = await stockedWarehouse();
    const inventory = (await get(`/api/warehouses/${warehouse.id}/inventory`)).json();
    expect(WarehouseInventoryResponseSchema.safeParse(inventory).error).toBeUndefined();
    expect(inventory.warehouse.name).toBe(warehouse.name);
    expect(
      inventory.positions.map((p: { shelf: string; items: { itemNo: string }[] }) => [
        p.shelf,
        p.items.map((item) => item.itemNo),
      ]),
    ).toEqual([
      ["B", [box.itemNo, tea.itemNo]],
      ["COLD", [tea.itemNo]],
    ]);
    expect((await get("/api/warehouses/999999/inventory")).statusCode).toBe(404);
  });
});
