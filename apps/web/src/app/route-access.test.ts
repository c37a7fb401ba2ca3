import type { SessionUser } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { MENU, visibleMenu } from "./menu.ts";
import { areaOf, decideAccess, homePath, returnToLoginPath } from "./route-access.ts";

const admin: SessionUser = {
  id: 1,
  email: "a@example.com",
  name: "Ann",
  role: "admin",
  mustChangePassword: false,
  language: "en",
};
const staff: SessionUser = {
  id: 2,
  email: "s@example.com",
  name: "Sam",
  role: "staff",
  mustChangePassword: false,
  language: "en",
};
const newStaff: SessionUser = { ...staff, mustChangePassword: true };
const newAdmin: SessionUser = { ...admin, mustChangePassword: true };

const allow = { kind: "allow" };
const to = (path: string) => ({ kind: "redirect", to: path });

describe("landing page /", () => {
  it("is shown to visitors", () => {
    expect(decideAccess("/", null)).toEqual(allow);
  });
  it("sends an admin to the admin dashboard and staff to the warehouse", () => {
    expect(decideAccess("/", admin)).toEqual(to("/wmscontrolpaneladmin/dashboard"));
    expect(decideAccess("/", staff)).toEqual(to("/staff/warehouse"));
  });
  it("sends a user owing a password change to their account page", () => {
    expect(decideAccess("/", newStaff)).toEqual(to("/staff/account"));
  });
});

describe("public pages", () => {
  it.each(["/unauthorized", "/setup"])("%s is open to everyone", (path) => {
    expect(decideAccess(path, null)).toEqual(allow);
    expect(decideAccess(path, admin)).toEqual(allow);
    expect(decideAccess(path, staff)).toEqual(allow);
  });
});

describe("login pages", () => {
  it("are open to visitors", () => {
    expect(decideAccess("/wmscontrolpaneladmin/login", null)).toEqual(allow);
    expect(decideAccess("/staff/login", null)).toEqual(allow);
  });
  it("send a user signed in with the portal's role to their home", () => {
    expect(decideAccess("/wmscontrolpaneladmin/login", admin)).toEqual(to("/wmscontrolpaneladmin/dashboard"));
    expect(decideAccess("/staff/login", staff)).toEqual(to("/staff/warehouse"));
    expect(decideAccess("/staff/login", newStaff)).toEqual(to("/staff/account"));
  });
  it("stay open to a user of the other role (who may sign in there)", () => {
    expect(decideAccess("/wmscontrolpaneladmin/login", staff)).toEqual(allow);
    expect(decideAccess("/staff/login", admin)).toEqual(allow);
  });
});

describe("protected routes without a user", () => {
  it("go to the matching login page", () => {
    expect(decideAccess("/wmscontrolpaneladmin/dashboard", null)).toEqual(to("/wmscontrolpaneladmin/login"));
    expect(decideAccess("/wmscontrolpaneladmin/nope", null)).toEqual(to("/wmscontrolpaneladmin/login"));
    expect(decideAccess("/wmscontrolpaneladmin", null)).toEqual(to("/wmscontrolpaneladmin/login"));
    expect(decideAccess("/staff/warehouse", null)).toEqual(to("/staff/login"));
    expect(decideAccess("/staff/account", null)).toEqual(to("/staff/login"));
  });
});

describe("wrong role", () => {
  it("goes to /unauthorized, remembering the area", () => {
    expect(decideAccess("/wmscontrolpaneladmin/dashboard", staff)).toEqual({
      kind: "redirect",
      to: "/unauthorized",
      state: { area: "admin" },
    });
    expect(decideAccess("/staff/warehouse", admin)).toEqual({
      kind: "redirect",
      to: "/unauthorized",
      state: { area: "staff" },
    });
  });
  it("keeps staff out of the admin audit log, and lets an admin in", () => {
    expect(decideAccess("/wmscontrolpaneladmin/audit", staff)).toMatchObject({ to: "/unauthorized" });
    expect(decideAccess("/wmscontrolpaneladmin/audit", admin)).toEqual({ kind: "allow" });
  });
  it("comes before the password-change rule", () => {
    expect(decideAccess("/wmscontrolpaneladmin/staff", newStaff)).toMatchObject({ to: "/unauthorized" });
  });
});

describe("existing screens", () => {
  it.each([
    "/wmscontrolpaneladmin/dashboard",
    "/wmscontrolpaneladmin/warehouses",
    "/wmscontrolpaneladmin/items",
    "/wmscontrolpaneladmin/staff",
    "/wmscontrolpaneladmin/account",
    "/wmscontrolpaneladmin/staff/",
    "/wmscontrolpaneladmin/movements",
    "/wmscontrolpaneladmin/reports",
    "/wmscontrolpaneladmin/items/7/history",
    "/wmscontrolpaneladmin/items/7/history/",
    "/wmscontrolpaneladmin/warehouses/3",
    "/wmscontrolpaneladmin/warehouses/3/",
  ])("admin may open %s", (path) => {
    expect(decideAccess(path, admin)).toEqual(allow);
  });
  it.each([
    "/staff/dashboard",
    "/staff/warehouse",
    "/staff/items",
    "/staff/account",
    "/staff/movements",
    "/staff/items/12/history",
  ])("staff may open %s", (path) => {
    expect(decideAccess(path, staff)).toEqual(allow);
  });
});

describe("unknown sub-paths", () => {
  it("go to the admin dashboard", () => {
    expect(decideAccess("/wmscontrolpaneladmin/nope", admin)).toEqual(to("/wmscontrolpaneladmin/dashboard"));
    expect(decideAccess("/wmscontrolpaneladmin", admin)).toEqual(to("/wmscontrolpaneladmin/dashboard"));
    expect(decideAccess("/wmscontrolpaneladmin/staff/7", admin)).toEqual(
      to("/wmscontrolpaneladmin/dashboard"),
    );
  });
  it("go to /staff/warehouse", () => {
    expect(decideAccess("/staff/nope", staff)).toEqual(to("/staff/warehouse"));
    expect(decideAccess("/staff", staff)).toEqual(to("/staff/warehouse"));
  });
  it("include the admin-only reports screen for staff", () => {
    expect(decideAccess("/staff/reports", staff)).toEqual(to("/staff/warehouse"));
  });
  it("include the admin-only audit log for staff", () => {
    expect(decideAccess("/staff/audit", staff)).toEqual(to("/staff/warehouse"));
  });
  it("include malformed item history paths", () => {
    for (const path of [
      "items/0/history",
      "items/abc/history",
      "items/7",
      "items/7/history/x",
      "items//history",
    ]) {
      expect(decideAccess(`/wmscontrolpaneladmin/${path}`, admin)).toEqual(
        to("/wmscontrolpaneladmin/dashboard"),
      );
      expect(decideAccess(`/staff/${path}`, staff)).toEqual(to("/staff/warehouse"));
    }
  });
  it("include malformed warehouse layout paths, and the layout path in the staff area", () => {
    for (const path of ["warehouses/0", "warehouses/abc", "warehouses/3/x", "warehouses/-1"]) {
      expect(decideAccess(`/wmscontrolpaneladmin/${path}`, admin)).toEqual(
        to("/wmscontrolpaneladmin/dashboard"),
      );
    }
    expect(decideAccess("/staff/warehouses/3", staff)).toEqual(to("/staff/warehouse"));
  });
  it("send staff opening an admin warehouse layout to /unauthorized", () => {
    expect(decideAccess("/wmscontrolpaneladmin/warehouses/3", staff)).toMatchObject({ to: "/unauthorized" });
  });
  it("send the other role's item history to /unauthorized", () => {
    expect(decideAccess("/staff/items/7/history", admin)).toMatchObject({ to: "/unauthorized" });
    expect(decideAccess("/wmscontrolpaneladmin/items/7/history", staff)).toMatchObject({
      to: "/unauthorized",
    });
  });
  it("outside both areas go to the landing page", () => {
    expect(decideAccess("/nowhere", null)).toEqual(to("/"));
    expect(decideAccess("/staffing", staff)).toEqual(to("/"));
  });
});

describe("password change owed", () => {
  it("sends every other page of the area to the account page", () => {
    expect(decideAccess("/staff/warehouse", newStaff)).toEqual(to("/staff/account"));
    expect(decideAccess("/staff/dashboard", newStaff)).toEqual(to("/staff/account"));
    expect(decideAccess("/staff/nope", newStaff)).toEqual(to("/staff/account"));
    expect(decideAccess("/wmscontrolpaneladmin/staff", newAdmin)).toEqual(
      to("/wmscontrolpaneladmin/account"),
    );
  });
  it("allows the account page itself", () => {
    expect(decideAccess("/staff/account", newStaff)).toEqual(allow);
    expect(decideAccess("/wmscontrolpaneladmin/account", newAdmin)).toEqual(allow);
  });
});

describe("helpers", () => {
  it("homePath", () => {
    expect(homePath(admin)).toBe("/wmscontrolpaneladmin/dashboard");
    expect(homePath(newAdmin)).toBe("/wmscontrolpaneladmin/account");
  });
  it("areaOf", () => {
    expect(areaOf("/staff")).toBe("staff");
    expect(areaOf("/staffroom")).toBeNull();
    expect(areaOf("/wmscontrolpaneladmin/x")).toBe("admin");
  });
  it("returnToLoginPath defaults to the staff login", () => {
    expect(returnToLoginPath({ area: "admin" })).toBe("/wmscontrolpaneladmin/login");
    expect(returnToLoginPath({ area: "staff" })).toBe("/staff/login");
    expect(returnToLoginPath(null)).toBe("/staff/login");
    expect(returnToLoginPath({ area: "x" })).toBe("/staff/login");
  });
});

describe("menu", () => {
  it("defines every entry of the spec", () => {
    expect(MENU.admin.map((e) => e.segment)).toEqual([
      "dashboard",
      "warehouses",
      "items",
      "staff",
      "movements",
      "reports",
      "audit",
    ]);
    expect(MENU.staff.map((e) => e.segment)).toEqual(["dashboard", "warehouse", "items", "movements"]);
  });
  it("shows only screens that exist", () => {
    expect(visibleMenu("admin").map((e) => e.segment)).toEqual([
      "dashboard",
      "warehouses",
      "items",
      "staff",
      "movements",
      "reports",
      "audit",
    ]);
    expect(visibleMenu("staff").map((e) => e.segment)).toEqual([
      "dashboard",
      "warehouse",
      "items",
      "movements",
    ]);
  });
});
