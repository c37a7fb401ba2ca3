import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { createStaffMember } from "./api.ts";
import { useBrowser } from "./browser.ts";
import { holdRequests } from "./network.ts";
import {
  boxesOverlap,
  changePassword,
  expectPath,
  menuLabels,
  signInThroughPortal,
  unexpectedErrors,
  visibleBox,
} from "./ui.ts";

const browser = await useBrowser();

describe("[SIGN-IN] the two portals", () => {
  it("signs an admin in, shows the admin menu and dashboard, and logs out", async () => {
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(await menuLabels(page)).toEqual([
      "Dashboard",
      "Warehouses",
      "Items",
      "Staff",
      "Movements",
      "Reports",
      "Audit Log",
      "Account",
    ]);
    await page.getByText("Staff Members").waitFor();

    await page.getByRole("button", { name: "Logout" }).click();
    await expectPath(page, "/wmscontrolpaneladmin/login");
    await page.goto("/wmscontrolpaneladmin/staff");
    await expectPath(page, "/wmscontrolpaneladmin/login");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("makes a staff member change the first password, then opens the staff area", async () => {
    const staff = await createStaffMember("First Timer");
    const page = browser.page();
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await expectPath(page, "/staff/account");
    await page.getByText("Please choose a new password before you continue.").waitFor();

    await page.goto("/staff/dashboard");
    await expectPath(page, "/staff/account");

    await changePassword(page, staff.password, "my own passphrase");
    await expectPath(page, "/staff/warehouse");
    expect(await menuLabels(page)).toEqual(["Dashboard", "Warehouse", "Items", "Movements", "Account"]);

    // The toast is clear of Logout: a pointer resting on a toast pauses it, so one over the button
    // would keep it covered for as long as the pointer waits there.
    const toast = page.getByRole("alert").filter({ hasText: "Your password has been changed." });
    const logout = page.getByRole("button", { name: "Logout" });
    expect(boxesOverlap(await visibleBox(toast), await visibleBox(logout))).toBe(false);

    await logout.click();
    await expectPath(page, "/staff/login");
    await signInThroughPortal(page, "staff", staff.email, "my own passphrase");
    await expectPath(page, "/staff/warehouse");
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("draws the form's fields with React's own ids, not ids swapped after the first render", async () => {
    const page = browser.page();
    await page.goto("/wmscontrolpaneladmin/login");
    const email = page.getByRole("textbox", { name: "Email", exact: true });
    const first = await email.getAttribute("id");
    // Mantine's own useId would have replaced this with a random "mantine-" and nine letters or digits.
    expect(first).toMatch(/^mantine-_r_[0-9a-z]+_$/);
    await email.fill("someone@example.com");
    expect(await email.getAttribute("id")).toBe(first);
    expect(await page.locator(`label[for="${first}"]`).count()).toBe(1);
  });

  it("takes the theme's colours from the stylesheet, in both schemes, with none written by script", async () => {
    const page = browser.page();
    await page.goto("/wmscontrolpaneladmin/login");
    await page.getByRole("textbox", { name: "Email", exact: true }).waitFor();
    const variables = () =>
      page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        return {
          scheme: document.documentElement.dataset.mantineColorScheme,
          brand: root.getPropertyValue("--mantine-primary-color-8").trim(),
          shade: root.getPropertyValue("--mantine-color-teaGreen-8").trim(),
          dimmed: root.getPropertyValue("--mantine-color-dimmed").trim(),
          writtenByScript: document.querySelectorAll('style[data-mantine-styles="true"]').length,
        };
      });
    expect(await variables()).toEqual({
      scheme: "light",
      brand: "#3a7423",
      shade: "#3a7423",
      dimmed: "#5c636a",
      writtenByScript: 0,
    });
    await page.evaluate(() => document.documentElement.setAttribute("data-mantine-color-scheme", "dark"));
    expect(await variables()).toMatchObject({ scheme: "dark", dimmed: "#a3a3a3", writtenByScript: 0 });
  });

  it("sends every page in the scheme last chosen, painted in it before any of its scripts has run", async () => {
    const page = browser.page();
    const toggle = page.getByRole("button", { name: "Switch between light and dark mode" });
    const scheme = () => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
    const sentScheme = async () =>
      (await (await page.request.get("/wmscontrolpaneladmin/login")).text()).match(
        /<html data-mantine-color-scheme="(\w+)"/,
      )?.[1];
    await page.goto("/wmscontrolpaneladmin/login");
    expect(await sentScheme()).toBe("light");
    await toggle.click();
    await expect.poll(scheme).toBe("dark");
    expect(await sentScheme()).toBe("dark");

    // Reloaded with every script refused: the page and its background are dark all the same.
    await page.route("**/*.js", (route) => route.abort());
    await page.reload();
    expect(
      await page.evaluate(() => ({
        scheme: document.documentElement.dataset.mantineColorScheme,
        background: getComputedStyle(document.body).backgroundColor,
      })),
    ).toEqual({ scheme: "dark", background: "rgb(36, 36, 36)" });
    await page.unroute("**/*.js");

    await page.reload();
    await toggle.click();
    await expect.poll(scheme).toBe("light");
    expect(await sentScheme()).toBe("light");

    // A scheme saved on the device before the cookie existed: the app applies it, and the next page is
    // sent in it.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.setItem("mantine-color-scheme-value", "dark"));
    await page.reload();
    await expect.poll(scheme).toBe("dark");
    expect(await sentScheme()).toBe("dark");
    await toggle.click(); // light again, for the tests after this one: the browser's storage is shared
    await expect.poll(scheme).toBe("light");
  });

  it("shows the spec's messages for the wrong portal and for bad credentials", async () => {
    const staff = await createStaffMember("Wrong Portal");
    const page = browser.page();
    await signInThroughPortal(page, "admin", staff.email, staff.password);
    await page.getByText("Admin account not found or insufficient permissions").waitFor();
    expect(new URL(page.url()).pathname).toBe("/wmscontrolpaneladmin/login");

    await signInThroughPortal(page, "admin", "nobody@example.com", "not a password");
    await page.getByText("Admin login failed: Invalid email or password").waitFor();

    await signInThroughPortal(page, "staff", E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByText("Staff login failed: No staff member found with this email").waitFor();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("checks the form with the shared rules before asking the server", async () => {
    const page = browser.page();
    const signInCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/login")) {
        signInCalls.push(request.url());
      }
    });
    await signInThroughPortal(page, "admin", "not-an-email", "");
    await page.getByText("Enter a valid email address").waitFor();
    await page.getByText("Password is required").waitFor();
    expect(signInCalls).toEqual([]);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});

describe("[ROUTES] redirect rules", () => {
  it("shows a loader before the app's code has arrived, and the app's first screen replaces it", async () => {
    const page = browser.page();
    // Hold the entry script back, as a slow connection would.
    const entryCode = await holdRequests(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto("/wmscontrolpaneladmin/login", { waitUntil: "commit" });
    const loader = page.locator("#root .boot-loader");
    await loader.locator("svg").waitFor({ state: "visible" });
    expect(await loader.getAttribute("aria-hidden")).toBe("true");
    entryCode.release();
    await page.getByRole("textbox", { name: "Email" }).waitFor();
    expect(await loader.count()).toBe(0);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("sends visitors to the matching login page and shows the landing page at the root", async () => {
    const page = browser.page();
    await page.goto("/staff/items");
    await expectPath(page, "/staff/login");
    await page.goto("/wmscontrolpaneladmin/reports");
    await expectPath(page, "/wmscontrolpaneladmin/login");
    await page.goto("/");
    await page.getByRole("link", { name: "Admin login" }).waitFor();
    await page.getByRole("link", { name: "Staff login" }).waitFor();
  });

  it("routes a signed-in staff member: root, unknown paths and the admin area", async () => {
    const staff = await createStaffMember("Route Walker");
    const page = browser.page();
    await signInThroughPortal(page, "staff", staff.email, staff.password);
    await changePassword(page, staff.password, "route walker pass");
    await expectPath(page, "/staff/warehouse");

    await page.goto("/");
    await expectPath(page, "/staff/warehouse");
    await page.goto("/staff/no-such-screen");
    await expectPath(page, "/staff/warehouse");
    await page.goto("/wmscontrolpaneladmin/dashboard");
    await expectPath(page, "/unauthorized");
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.getByRole("link", { name: "Return to Login" }).click();
    await expectPath(page, "/wmscontrolpaneladmin/login");
  });

  it("routes a signed-in admin: root and unknown admin paths go to the dashboard", async () => {
    const page = browser.page();
    await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/");
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/wmscontrolpaneladmin/no-such-screen");
    await expectPath(page, "/wmscontrolpaneladmin/dashboard");
    await page.goto("/staff/warehouse");
    await expectPath(page, "/unauthorized");
  });
});
