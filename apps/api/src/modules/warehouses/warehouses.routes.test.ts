import { layoutClashesWithContainersMessage, MESSAGES } from "@wms/domain";
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
import { createUser, DEFAULT_PASSWORD, sessionCookieFor } from "../../../test/factories/users.ts";
import { errorCode, request } from "../../../test/http.ts";

const ctx = await createTestContext();
const admin = await createUser(ctx, { role: "admin" });
const cookie = await sessionCookieFor(ctx, admin.id);
const credentials = { email: admin.email, password: DEFAULT_PASSWORD };

afterEach(() => expectLedgerConsistent(ctx));

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
  request(ctx.app, method, url, { cookie, body });

async function countRows(table: "warehouses" | "locations" | "audit_log") {
  const result = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return result.rows[0]?.n ?? 0;
}

describe("creating warehouses", () => {
  it("creates the warehouse with one position per shelf and section, and audits it", async () => {
    const response = await call("POST", "/api/warehouses", { name: "  Al Quoz Main ", location: "Dubai" });
    expect(response.statusCode).toBe(201);
    const warehouse = response.json();
    expect(warehouse).toMatchObject({
      name: "Al Quoz Main",
      maxShelves: 10,
      sectionsPerShelf: 3,
      totalLocations: 30,
      containerShelves: [],
      itemCount: 0,
      totalValue: "0.00",
    });
    const audit = await ctx.db.execute(
      sql`select 1 from audit_log where entity = 'warehouse' and entity_id = ${String(warehouse.id)} and action = 'create'`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it.each([
    ["no name", { name: "", location: "X" }, "name", "Name is required"],
    ["a whitespace name", { name: "   ", location: "X" }, "name", "Name is required"],
    ["no location", { name: "Empty location", location: " " }, "location", "Location is required"],
    [
      "0 shelves",
      { name: "W0", location: "X", maxShelves: 0 },
      "maxShelves",
      "Shelves must be between 1 and 100",
    ],
    [
      "101 shelves",
      { name: "W101", location: "X", maxShelves: 101 },
      "maxShelves",
      "Shelves must be between 1 and 100",
    ],
    [
      "2.5 shelves",
      { name: "W25", location: "X", maxShelves: 2.5 },
      "maxShelves",
      "Shelves must be a whole number",
    ],
    [
      "0 sections",
      { name: "W0S", location: "X", sectionsPerShelf: 0 },
      "sectionsPerShelf",
      "Sections per shelf must be between 1 and 20",
    ],
    [
      "true as shelves",
      { name: "WT", location: "X", maxShelves: true },
      "maxShelves",
      "Shelves must be a number",
    ],
    [
      "[5] as shelves",
      { name: "WA", location: "X", maxShelves: [5] },
      "maxShelves",
      "Shelves must be a number",
    ],
    [
      "empty shelves",
      { name: "WE", location: "X", maxShelves: "" },
      "maxShelves",
      "Shelves must be a number",
    ],
    [
      "21 sections",
      { name: "W21", location: "X", sectionsPerShelf: 21 },
      "sectionsPerShelf",
      "Sections per shelf must be between 1 and 20",
    ],
    [
      "a 10,000-character name",
      { name: "W".repeat(10_000), location: "X" },
      "name",
      "Name must be at most 60 characters",
    ],
    [
      "a NUL byte",
      { name: "WH\u0000X", location: "X" },
      "name",
      "Name contains characters that are not allowed",
    ],
    ["an unknown field", { name: "Wx", location: "X", archivedAt: null }, "archivedAt", "Unknown field"],
  ])("refuses %s with 400 and stores nothing", async (_case, body, field, message) => {
    const before = await countRows("warehouses");
    const response = await call("POST", "/api/warehouses", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[field]).toBe(message);
    expect(await countRows("warehouses")).toBe(before);
  });

  it("refuses a name another warehouse has, whatever its case and spaces", async () => {
    // 409, not 400: the name is well formed and clashes with what is stored (DESIGN.md section 6).
    await call("POST", "/api/warehouses", { name: "Deira Store", location: "Deira" });
    const before = await countRows("warehouses");
    const response = await call("POST", "/api/warehouses", { name: " deira STORE ", location: "Elsewhere" });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: "WAREHOUSE_NAME_TAKEN" });
    expect(await countRows("warehouses")).toBe(before);
  });
});

describe("editing a warehouse after re-entering admin credentials", () => {
  it("refuses wrong or staff credentials with the spec's message and changes nothing", async () => {
    const warehouse = await createTestWarehouse(ctx);
    const staff = await createUser(ctx, { role: "staff" });
    const layout = { name: warehouse.name, location: "Changed", maxShelves: 3, sectionsPerShelf: 2 };
    for (const bad of [
      { email: admin.email, password: "wrong password" },
      { email: staff.email, password: DEFAULT_PASSWORD },
      { email: "nobody@example.com", password: DEFAULT_PASSWORD },
    ]) {
      const response = await call("PUT", `/api/warehouses/${warehouse.id}`, {
        credentials: bad,
        warehouse: layout,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: "ADMIN_REAUTH_FAILED",
        message: "Invalid admin credentials. Please try again.",
      });
    }
    const after = await call("GET", `/api/warehouses/${warehouse.id}`);
    expect(after.json().location).toBe("Dubai");
  });

  it("grows and shrinks the layout, restoring positions rather than duplicating them", async () => {
    const warehouse = await createTestWarehouse(ctx, { maxShelves: 2, sectionsPerShelf: 2 });
    const edit = (maxShelves: number, sectionsPerShelf: number) =>
      call("PUT", `/api/warehouses/${warehouse.id}`, {
        credentials,
        warehouse: { name: warehouse.name, location: "Jebel Ali", maxShelves, sectionsPerShelf },
      });
    expect((await edit(28, 3)).json()).toMatchObject({ totalLocations: 84, location: "Jebel Ali" });
    expect((await edit(1, 1)).json().totalLocations).toBe(1);
    expect((await edit(28, 3)).json().totalLocations).toBe(84);
    const rows = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from locations where warehouse_id = ${warehouse.id}`,
    );
    expect(rows.rows[0]?.n).toBe(84);
    expect(await positionId(ctx, warehouse.id, "AB", "03")).toBeGreaterThan(0);
  });

  it("refuses to shrink while a removed position holds stock, naming it", async () => {
    const warehouse = await createTestWarehouse(ctx, { name: "SHRINK", maxShelves: 3, sectionsPerShelf: 2 });
    const item = await createTestItem(ctx);
    await receive(ctx, item.id, await positionId(ctx, warehouse.id, "C", "02"), "4");
    const response = await call("PUT", `/api/warehouses/${warehouse.id}`, {
      credentials,
      warehouse: { name: "SHRINK", location: "Dubai", maxShelves: 2, sectionsPerShelf: 2 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("LAYOUT_IN_USE");
    expect(response.json().error.message).toContain("SHRINKC02");
    expect((await call("GET", `/api/warehouses/${warehouse.id}`)).json().totalLocations).toBe(6);
  });
});

describe("deleting a warehouse", () => {
  it("refuses while it holds stock with the spec's alert and item count", async () => {
    const warehouse = await createTestWarehouse(ctx);
    const [a, b] = [await createTestItem(ctx), await createTestItem(ctx)];
    await receive(ctx, a.id, await positionId(ctx, warehouse.id, "A", "01"), "1");
    await receive(ctx, b.id, await positionId(ctx, warehouse.id, "B", "02"), "2");
    const response = await call("DELETE", `/api/warehouses/${warehouse.id}`, { credentials });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: "WAREHOUSE_HAS_STOCK",
      message:
        "Cannot delete warehouse. It contains 2 items. Please move all items to another warehouse first.",
      details: { itemCount: 2 },
    });
  });

  it("needs admin credentials, then deletes an empty warehouse", async () => {
    const warehouse = await createTestWarehouse(ctx);
    const wrong = await call("DELETE", `/api/warehouses/${warehouse.id}`, {
      credentials: { ...credentials, password: "nope nope" },
    });
    expect(wrong.statusCode).toBe(403);
    const missing = await call("DELETE", `/api/warehouses/${warehouse.id}`, {});
    expect(missing.statusCode).toBe(400);
    const response = await call("DELETE", `/api/warehouses/${warehouse.id}`, { credentials });
    expect(response.statusCode).toBe(204);
    expect((await call("GET", `/api/warehouses/${warehouse.id}`)).statusCode).toBe(404);
    const rows = await ctx.db.execute(sql`select 1 from warehouses where id = ${warehouse.id}`);
    expect(rows.rows).toHaveLength(0);
  });

  it("archives a warehouse that movements name, keeping its positions, and frees the name", async () => {
    const warehouse = await createTestWarehouse(ctx, { name: "HISTORIC" });
    const item = await createTestItem(ctx);
    const position = await positionId(ctx, warehouse.id, "A", "01");
    await receive(ctx, item.id, position, "3");
    await writeStock(ctx, [{ type: "dispatched", itemId: item.id, fromLocationId: position, quantity: "3" }]);
    expect((await call("DELETE", `/api/warehouses/${warehouse.id}`, { credentials })).statusCode).toBe(204);
    const row = await ctx.db.execute<{ archived: boolean }>(
      sql`select archived_at is not null as archived from warehouses where id = ${warehouse.id}`,
    );
    expect(row.rows[0]?.archived).toBe(true);
    const list = await call("GET", "/api/warehouses");
    expect(list.json().warehouses.map((w: { id: number }) => w.id)).not.toContain(warehouse.id);
    expect((await call("POST", "/api/warehouses", { name: "historic", location: "New" })).statusCode).toBe(
      201,
    );
  });
});

describe("container shelves", () => {
  it("adds a shelf upper-cased, refusing duplicates and grid shelf names", async () => {
    const warehouse = await createTestWarehouse(ctx, { maxShelves: 3 });
    const added = await call("POST", `/api/warehouses/${warehouse.id}/container-shelves`, {
      name: " cold room ",
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ containerShelves: ["COLD ROOM"], totalLocations: 7 });
    const again = await call("POST", `/api/warehouses/${warehouse.id}/container-shelves`, {
      name: "Cold Room",
    });
    expect(errorCode(again)).toBe("CONTAINER_SHELF_TAKEN");
    const grid = await call("POST", `/api/warehouses/${warehouse.id}/container-shelves`, { name: "b" });
    expect(errorCode(grid)).toBe("CONTAINER_SHELF_TAKEN");
    expect(grid.json().error.message).toBe(
      "A container shelf cannot take the name of one of the warehouse's shelves.",
    );
    const empty = await call("POST", `/api/warehouses/${warehouse.id}/container-shelves`, { name: "  " });
    expect(empty.json().error.details.fields.name).toBe("Container shelf name is required");
  });

  it("refuses a name that reads as a grid position, like A01, and accepts one that does not", async () => {
    const warehouse = await createTestWarehouse(ctx, { maxShelves: 10 });
    const add = (name: string) => call("POST", `/api/warehouses/${warehouse.id}/container-shelves`, { name });
    for (const name of ["a01", "A1", "J 20", "c007"]) {
      const refused = await add(name);
      expect(refused.statusCode, name).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: "CONTAINER_SHELF_TAKEN",
        message: MESSAGES.containerShelfLooksLikePosition,
        details: { fields: { name: MESSAGES.containerShelfLooksLikePosition } },
      });
    }
    // K is not one of its 10 shelves, so K01 is no position of this warehouse.
    for (const name of ["K01", "A-01", "COLD 2"]) {
      expect((await add(name)).statusCode, name).toBe(201);
    }
    const positions = await ctx.db.execute<{ shelf: string }>(
      sql`select shelf from locations where warehouse_id = ${warehouse.id} and kind = 'container' order by shelf`,
    );
    expect(positions.rows.map((row) => row.shelf)).toEqual(["A-01", "COLD 2", "K01"]);
  });

  it("refuses to add shelves named like a container shelf, naming it, and allows every other layout", async () => {
    const warehouse = await createTestWarehouse(ctx, { maxShelves: 10, sectionsPerShelf: 2 }, [
      "K",
      "L01",
      "COLD",
    ]);
    const edit = (maxShelves: number, sectionsPerShelf = 2) =>
      call("PUT", `/api/warehouses/${warehouse.id}`, {
        credentials,
        warehouse: { name: warehouse.name, location: "Dubai", maxShelves, sectionsPerShelf },
      });
    for (const maxShelves of [11, 12, 40]) {
      const refused = await edit(maxShelves);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: "CONTAINER_SHELF_TAKEN",
        details: { maxShelves: 10 },
      });
      expect(refused.json().error.message).toContain("container shelf K");
    }
    expect((await edit(12)).json().error.message).toBe(layoutClashesWithContainersMessage(["K", "L01"], 10));
    const unchanged = await call("GET", `/api/warehouses/${warehouse.id}`);
    expect(unchanged.json()).toMatchObject({ maxShelves: 10, containerShelves: ["COLD", "K", "L01"] });
    // More sections, fewer shelves, or the same shelves are fine.
    expect((await edit(10, 20)).statusCode).toBe(200);
    expect((await edit(4, 3)).statusCode).toBe(200);
    expect((await edit(10, 3)).statusCode).toBe(200);
  });

  it("deletes only an empty shelf, after admin credentials", async () => {
    const warehouse = await createTestWarehouse(ctx, {}, ["BULK"]);
    const item = await createTestItem(ctx);
    const bulk = await positionId(ctx, warehouse.id, "BULK", null);
    await receive(ctx, item.id, bulk, "5");
    const url = `/api/warehouses/${warehouse.id}/container-shelves/BULK`;
    const full = await call("DELETE", url, { credentials });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({
      code: "CONTAINER_SHELF_NOT_EMPTY",
      message: "This container shelf has 1 item(s).",
      details: {
        itemCount: 1,
        hint: "Please move all items to another location before deleting this container shelf.",
      },
    });
    await writeStock(ctx, [{ type: "dispatched", itemId: item.id, fromLocationId: bulk, quantity: "5" }]);
    expect(
      (await call("DELETE", url, { credentials: { ...credentials, password: "bad one!" } })).statusCode,
    ).toBe(403);
    expect((await call("DELETE", url, { credentials })).statusCode).toBe(204);
    expect((await call("GET", `/api/warehouses/${warehouse.id}`)).json().containerShelves).toEqual([]);
  });
});

describe("the audit log of warehouse changes", () => {
  async function auditOf(warehouseId: number) {
    const result = await ctx.db.execute<{
      action: string;
      actorId: number | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(sql`
      select action, actor_id as "actorId", before, after from audit_log
      where entity = 'warehouse' and entity_id = ${String(warehouseId)} order by id`);
    return result.rows;
  }

  it("records an edit, container shelves added and deleted, and a deletion, each with who and what", async () => {
    const created = await call("POST", "/api/warehouses", {
      name: "AUDITED",
      location: "Deira",
      maxShelves: 2,
    });
    const { id } = created.json();
    const edited = await call("PUT", `/api/warehouses/${id}`, {
      credentials,
      warehouse: { name: "AUDITED 2", location: "Karama", maxShelves: 3, sectionsPerShelf: 2 },
    });
    expect(edited.statusCode).toBe(200);
    expect((await call("POST", `/api/warehouses/${id}/container-shelves`, { name: "cold" })).statusCode).toBe(
      201,
    );
    expect(
      (await call("DELETE", `/api/warehouses/${id}/container-shelves/COLD`, { credentials })).statusCode,
    ).toBe(204);
    expect((await call("DELETE", `/api/warehouses/${id}`, { credentials })).statusCode).toBe(204);

    const rows = await auditOf(id);
    expect(rows.map((row) => row.action)).toEqual([
      "create",
      "update",
      "add_container_shelf",
      "delete_container_shelf",
      "delete",
    ]);
    expect(rows.every((row) => row.actorId === admin.id)).toBe(true);
    const [, update, added, removed, deleted] = rows;
    expect(update?.before).toMatchObject({
      name: "AUDITED",
      location: "Deira",
      maxShelves: 2,
      sectionsPerShelf: 3,
    });
    expect(update?.after).toMatchObject({
      name: "AUDITED 2",
      location: "Karama",
      maxShelves: 3,
      sectionsPerShelf: 2,
    });
    expect(added?.after).toEqual({ name: "COLD" });
    expect(removed?.before).toEqual({ name: "COLD" });
    expect(deleted?.before).toMatchObject({ id, name: "AUDITED 2", location: "Karama" });
    // Never the re-entered credentials.
    expect(JSON.stringify(rows)).not.toContain(DEFAULT_PASSWORD);
  });

  it("records the archiving of a warehouse that movements name", async () => {
    const warehouse = await createTestWarehouse(ctx, { name: "ARCHIVED AUDIT" });
    const item = await createTestItem(ctx);
    const position = await positionId(ctx, warehouse.id, "A", "01");
    await receive(ctx, item.id, position, "1");
    await writeStock(ctx, [{ type: "dispatched", itemId: item.id, fromLocationId: position, quantity: "1" }]);
    expect((await call("DELETE", `/api/warehouses/${warehouse.id}`, { credentials })).statusCode).toBe(204);
    const archived = (await auditOf(warehouse.id)).filter((row) => row.action === "archive");
    expect(archived).toHaveLength(1);
    expect(archived[0]).toMatchObject({ actorId: admin.id, before: { name: "ARCHIVED AUDIT" }, after: null });
  });
});

describe("verifying admin credentials before a sensitive form", () => {
  it("answers 204 for an admin's credentials, 403 otherwise, and throttles guessing", async () => {
    expect((await call("POST", "/api/auth/verify-admin", credentials)).statusCode).toBe(204);
    const target = await createUser(ctx, { role: "admin" });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call("POST", "/api/auth/verify-admin", {
        email: target.email,
        password: `guess-${attempt}`,
      });
      expect(response.statusCode).toBe(403);
    }
    const blocked = await call("POST", "/api/auth/verify-admin", {
      email: target.email,
      password: DEFAULT_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
  });
});
