import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { type Language, tr } from "./screens.ts";

/** Signs in through a portal's login page the way a person does (in the page's language). */
export async function signInThroughPortal(
  page: Page,
  portal: "admin" | "staff",
  email: string,
  password: string,
  language: Language = "en",
) {
  await page.goto(portal === "admin" ? "/wmscontrolpaneladmin/login" : "/staff/login");
  await page.getByRole("textbox", { name: tr(language, "common.email"), exact: true }).fill(email);
  await page.getByRole("textbox", { name: tr(language, "common.password"), exact: true }).fill(password);
  await page.getByRole("button", { name: tr(language, "login.submit") }).click();
}

export async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe(pathname);
}

/** The labels of the main menu's links, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByRole("link").first().waitFor();
  return (await menu.getByRole("link").allInnerTexts()).map((text) => text.split("\n")[0]?.trim() ?? "");
}

/** Where an element is drawn, once it is visible. */
export async function visibleBox(target: Locator) {
  await target.waitFor();
  const box = await target.boundingBox();
  if (!box) {
    throw new Error("the element is not drawn");
  }
  return box;
}

type Box = { x: number; y: number; width: number; height: number };

/** Whether two drawn boxes share any area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Errors the page reported, less the browser's own line for every non-2xx response (a refused sign-in
 * is expected to answer 401).
 */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((text) => !text.startsWith("Failed to load resource"));
}

/** Fills the account page's change-password form (the forced first change, or a voluntary one). */
export async function changePassword(page: Page, current: string, next: string, language: Language = "en") {
  const field = (key: string) => page.getByRole("textbox", { name: tr(language, key), exact: true });
  await field("account.currentPassword").fill(current);
  await field("account.newPassword").fill(next);
  await field("account.confirmNewPassword").fill(next);
  await page.getByRole("button", { name: tr(language, "account.submit") }).click();
}

/** Picks an option of a Mantine Select by its label. */
export async function selectOption(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Types into a searchable (server-searched) Mantine Select and picks the option whose name matches. */
export async function pickSearchOption(
  scope: Page | Locator,
  page: Page,
  label: string,
  search: string,
  option: RegExp,
) {
  const box = scope.getByRole("combobox", { name: label, exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole("option", { name: option }).click();
}
