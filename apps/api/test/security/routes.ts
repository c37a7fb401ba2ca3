import type { TestContext } from "../context.ts";
import { createTestItem, createTestWarehouse, positionId, receive } from "../factories/stock.ts";
import { createUser, DEFAULT_PASSWORD, sessionCookieFor } from "../factories/users.ts";
import { request } from "../http.ts";

export type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/** One route that reads a JSON body, with a body it would accept and who may send it. */
export interface WriteRoute {
  method: Method;
  url: string;
  body: Record<string, unknown>;
  /** The cookie of an account allowed to call it (undefined: public). */
  cookie?: string;
  /** Paths (dot separated) of the text fields a person types, for the text-input cases. */
  textFields: string[];
}

export interface Fixture {
  admin: { id: number; email: string };
  adminCookie: string;
  staff: { id: number; email: string };
  staffCookie: string;
  warehouseId: number;
  itemId: number;
  a01: number;
  a02: number;
  cold: number;
  movementId: number;
}

/** Accounts, a warehouse with a container shelf COLD, an item with 50 pieces at A01 and a movement. */
export async function createFixture(ctx: TestContext): Promise<Fixture> {
  const admin = await createUser(ctx, { role: "admin" });
  const staff = await createUser(ctx, { role: "staff" });
  const warehouse = await createTestWarehouse(ctx, { maxShelves: 2, sectionsPerShelf: 2 }, ["COLD"]);
  const item = await createTestItem(ctx, { unit: "pieces" });
  const a01 = await positionId(ctx, warehouse.id, "A", "01");
  const a02 = await positionId(ctx, warehouse.id, "A", "02");
  const cold = await positionId(ctx, warehouse.id, "COLD", null);
  await receive(ctx, item.id, a01, "50");
  const staffCookie = await sessionCookieFor(ctx, staff.id);
  const movement = await request(ctx.app, "POST", "/api/movements", {
    cookie: staffCookie,
    body: {
      type: "moved",
      itemId: item.id,
      quantity: "1",
      fromLocationId: a01,
      toLocationId: a02,
      managedBy: staff.id,
      reason: "fixture",
    },
  });
  if (movement.statusCode !== 201) {
    throw new Error(`fixture movement refused: ${movement.body}`);
  }
  return {
    admin,
    adminCookie: await sessionCookieFor(ctx, admin.id),
    staff,
    staffCookie,
    warehouseId: warehouse.id,
    itemId: item.id,
    a01,
    a02,
    cold,
    movementId: movement.json().id,
  };
}

let serial = 0;

/** Every route with a JSON body, each with a fresh valid body (unique names, numbers and emails). */
export function writeRoutes(f: Fixture): WriteRoute[] {
  serial += 1;
  const n = `${serial}${Math.random().toString(36).slice(2, 6)}`;
  const credentials = { email: f.admin.email, password: DEFAULT_PASSWORD };
  const layout = { name: `SEC${n}`.slice(0, 60), location: "Dubai", maxShelves: 2, sectionsPerShelf: 2 };
  const account = { name: `Person ${n}`, email: `person-${n}@example.com`, password: "long enough 1" };
  return [
    { method: "POST", url: "/api/staff", body: account, cookie: f.adminCookie, textFields: ["name"] },
    {
      method: "POST",
      url: "/api/admins",
      body: { ...account, email: `admin-${n}@example.com` },
      cookie: f.adminCookie,
      textFields: ["name"],
    },
    {
      method: "POST",
      url: `/api/staff/${f.staff.id}/password`,
      body: { password: "another long one" },
      cookie: f.adminCookie,
      textFields: [],
    },
    {
      method: "POST",
      url: "/api/warehouses",
      body: layout,
      cookie: f.adminCookie,
      textFields: ["name", "location"],
    },
    {
      method: "PUT",
      url: `/api/warehouses/${f.warehouseId}`,
      body: { credentials, warehouse: { ...layout, name: `EDIT${n}` } },
      cookie: f.adminCookie,
      textFields: ["warehouse.name", "warehouse.location"],
    },
    {
      method: "DELETE",
      url: `/api/warehouses/${f.warehouseId}`,
      body: { credentials },
      cookie: f.adminCookie,
      textFields: [],
    },
    {
      method: "POST",
      url: `/api/warehouses/${f.warehouseId}/container-shelves`,
      body: { name: `BAY ${n}`.slice(0, 30).toUpperCase() },
      cookie: f.adminCookie,
      textFields: ["name"],
    },
    {
      method: "DELETE",
      url: `/api/warehouses/${f.warehouseId}/container-shelves/COLD`,
      body: { credentials },
      cookie: f.adminCookie,
      textFields: [],
    },
    {
      method: "POST",
      url: "/api/items",
      body: { itemNo: `SEC-${n}`, name: "Secure item", description: "desc" },
      cookie: f.adminCookie,
      textFields: ["itemNo", "name", "description"],
    },
    {
      method: "PUT",
      url: `/api/items/${f.itemId}`,
      body: { itemNo: `SECE-${n}`, name: "Edited item", description: "desc" },
      cookie: f.adminCookie,
      textFields: ["itemNo", "name", "description"],
    },
    {
      method: "POST",
      url: "/api/movements",
      body: {
        type: "moved",
        itemId: f.itemId,
        quantity: "1",
        fromLocationId: f.a01,
        toLocationId: f.a02,
        managedBy: f.staff.id,
        reason: "routine",
      },
      cookie: f.staffCookie,
      textFields: ["reason"],
    },
    {
      method: "PATCH",
      url: `/api/movements/${f.movementId}`,
      body: { reason: "changed reason" },
      cookie: f.staffCookie,
      textFields: ["reason"],
    },
    {
      method: "POST",
      url: "/api/purchases",
      body: {
        invoiceNumber: `INV-${n}`,
        date: "2026-01-15",
        supplierName: "Supplier",
        notes: "",
        lines: [{ itemId: f.itemId, unitPrice: "1", allocations: [{ locationId: f.a01, quantity: "1" }] }],
      },
      cookie: f.adminCookie,
      textFields: ["invoiceNumber", "supplierName", "notes"],
    },
    {
      method: "POST",
      url: "/api/auth/login",
      body: { portal: "staff", email: f.staff.email, password: DEFAULT_PASSWORD },
      textFields: [],
    },
    {
      method: "POST",
      url: "/api/auth/password",
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: "a new long passphrase" },
      cookie: f.staffCookie,
      textFields: [],
    },
    {
      method: "PUT",
      url: "/api/auth/preferences",
      body: { language: "ar" },
      cookie: f.staffCookie,
      textFields: [],
    },
    {
      method: "POST",
      url: "/api/auth/verify-admin",
      body: credentials,
      cookie: f.adminCookie,
      textFields: [],
    },
    {
      method: "POST",
      url: "/api/setup",
      body: { token: "x".repeat(40), ...account, email: `setup-${n}@example.com` },
      textFields: ["name"],
    },
  ];
}

/** A copy of `body` with `value` at the dotted `path`. */
export function withField(body: Record<string, unknown>, path: string, value: unknown) {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1) as string] = value;
  return copy;
}

export function send(
  ctx: TestContext,
  route: WriteRoute,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return request(ctx.app, route.method, route.url, {
    ...(route.cookie ? { cookie: route.cookie } : {}),
    body,
    headers,
  });
}
