import { inject } from "vitest";
import { signInOverHttp } from "../apps/api/test/process/server-process.ts";
import { E2E_ADMIN } from "./accounts.ts";

let counter = 0;

/** A unique email per call, so test files never collide on the shared server. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** An email's local part from a person's name: word characters joined by dots ("x" if none). */
function emailPrefixOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/\W+/g, ".")
      .replace(/^\.+|\.+$/g, "") || "x"
  );
}

/** Arranges data through the real API as the e2e administrator. */
export async function asAdmin() {
  return signInOverHttp(inject("baseUrl"), "admin", E2E_ADMIN.email, E2E_ADMIN.password);
}

export async function createStaffMember(name: string, password = "first password 1") {
  const admin = await asAdmin();
  const email = uniqueEmail(emailPrefixOf(name));
  const response = await admin("/api/staff", { method: "POST", body: { name, email, password } });
  if (response.status !== 201) {
    throw new Error(`could not create staff member: ${response.status} ${await response.text()}`);
  }
  return { name, email, password };
}

/**
 * A fresh administrator whose first password is already changed, so it signs in straight to the
 * dashboard; `api` makes requests as them. Its saved language is the caller's business only.
 */
export async function createReadyAdmin(name: string, language: "en" | "ar" = "en") {
  const admin = await asAdmin();
  const email = uniqueEmail(emailPrefixOf(name));
  const first = "first password 1";
  const password = "ready admin password 2";
  const created = await admin("/api/admins", { method: "POST", body: { name, email, password: first } });
  await expectJson(created, 201, `create admin ${name}`);
  const firstSession = await signInOverHttp(inject("baseUrl"), "admin", email, first);
  const changed = await firstSession("/api/auth/password", {
    method: "POST",
    body: { currentPassword: first, newPassword: password },
  });
  if (changed.status >= 300) {
    throw new Error(`could not change the password of ${name}: ${changed.status}`);
  }
  const api = await signInOverHttp(inject("baseUrl"), "admin", email, password);
  if (language !== "en") {
    await expectJson(
      await api("/api/auth/preferences", { method: "PUT", body: { language } }),
      200,
      `save the language of ${name}`,
    );
  }
  return { name, email, password, api };
}

/** A unique prefix per call (item numbers, warehouse names), so test files never collide. */
export function uniquePrefix(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${counter}`;
}

/** Creates items through POST /api/items as the e2e administrator, one after another. */
export async function createItems(items: { itemNo: string; name: string; type?: string }[]) {
  const admin = await asAdmin();
  for (const item of items) {
    const response = await admin("/api/items", { method: "POST", body: item });
    if (response.status !== 201) {
      throw new Error(`could not create item ${item.itemNo}: ${response.status} ${await response.text()}`);
    }
  }
}

type AdminFetch = Awaited<ReturnType<typeof asAdmin>>;

async function expectJson<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) {
    throw new Error(`could not ${what}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Creates a warehouse (grid A.., sections 01..) through POST /api/warehouses; its codes are name+shelf+section. */
export async function createWarehouse(name: string, maxShelves = 2, sectionsPerShelf = 2) {
  const admin = await asAdmin();
  const response = await admin("/api/warehouses", {
    method: "POST",
    body: { name, location: "Jebel Ali, Dubai", maxShelves, sectionsPerShelf },
  });
  return expectJson<{ id: number; name: string }>(response, 201, `create warehouse ${name}`);
}

/** Creates one item and returns it (id, item number, name, unit). */
export async function createItem(item: { itemNo: string; name: string; unit?: string; unitPrice?: string }) {
  const admin = await asAdmin();
  const response = await admin("/api/items", { method: "POST", body: item });
  return expectJson<{ id: number; itemNo: string; name: string }>(
    response,
    201,
    `create item ${item.itemNo}`,
  );
}

/** The id of the storage position with this code (e.g. "WH1A01"). */
export async function locationIdOf(code: string, admin?: AdminFetch): Promise<number> {
  const fetcher = admin ?? (await asAdmin());
  const response = await fetcher(`/api/locations?search=${encodeURIComponent(code)}`);
  const { locations } = await expectJson<{ locations: { id: number; code: string }[] }>(
    response,
    200,
    `find location ${code}`,
  );
  const location = locations.find((candidate) => candidate.code === code);
  if (!location) {
    throw new Error(`no location ${code}`);
  }
  return location.id;
}

/** Records a movement through POST /api/movements as the e2e administrator (managed by them). */
export async function recordMovement(movement: {
  type: "received" | "moved" | "dispatched" | "adjusted";
  adjustment?: "increase" | "decrease";
  itemId: number;
  quantity: string;
  from?: string;
  to?: string;
  reason: string;
}) {
  const admin = await asAdmin();
  const session = await expectJson<{ user: { id: number } }>(
    await admin("/api/session"),
    200,
    "read session",
  );
  const response = await admin("/api/movements", {
    method: "POST",
    body: {
      type: movement.type,
      adjustment: movement.adjustment ?? null,
      itemId: movement.itemId,
      quantity: movement.quantity,
      fromLocationId: movement.from ? await locationIdOf(movement.from, admin) : null,
      toLocationId: movement.to ? await locationIdOf(movement.to, admin) : null,
      managedBy: session.user.id,
      reason: movement.reason,
    },
  });
  return expectJson<{ id: number }>(response, 201, `record a ${movement.type} movement`);
}
