import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./accounts.ts";
import { useBrowser } from "./browser.ts";
import { holdRequests } from "./network.ts";
import { expectPath, signInThroughPortal, unexpectedErrors } from "./ui.ts";

// A file of its own: the page's clock is installed on the whole browser context, and stays installed
// for every later test sharing it.
const browser = await useBrowser();

/**
 * Stops the page's timers (installing the page's clock the first time), so that time moves only by
 * page.clock.runFor. The page's clock runs ahead of this process's once it has been paused before.
 */
async function pauseTimers(page: Page) {
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 1_000);
}

/** An administrator's Items screen, signed in through the portal, and its search box. */
async function itemsScreenOfAnAdmin() {
  const page = browser.page();
  await signInThroughPortal(page, "admin", E2E_ADMIN.email, E2E_ADMIN.password);
  await expectPath(page, "/wmscontrolpaneladmin/dashboard");
  await page.goto("/wmscontrolpaneladmin/items");
  const search = page.getByRole("searchbox", { name: "Search items" });
  await search.waitFor();
  return { page, search };
}

describe("[SEARCH] The pause after typing", () => {
  it("keeps a menu click made while a search is still waiting for the pause after typing", async () => {
    const { page, search } = await itemsScreenOfAnAdmin();
    // The Movements screen's code is held, so the click's navigation is still under way when the
    // search's pause ends.
    const movementsCode = await holdRequests(page, /\/assets\/movements-page-[^/]+\.js$/);
    // The page's timers stand still from here, so the pause cannot end between the typing and the
    // click however slowly the machine gets from one to the other.
    await pauseTimers(page);
    await search.fill("rooibos");
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Movements" })
      .click();
    await movementsCode.requested;
    // Well past the search's pause (SEARCH_DEBOUNCE_MS, 300 ms): its timer fires now, and the address
    // still has no search.
    await page.clock.runFor(800);
    expect(new URL(page.url()).searchParams.get("search")).toBeNull();
    await page.clock.resume();
    movementsCode.release();
    await expectPath(page, "/wmscontrolpaneladmin/movements");
    await page.getByRole("table", { name: "Movements" }).waitFor();
    expect(new URL(page.url()).searchParams.get("search")).toBeNull();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("writes the search into the address once typing pauses", async () => {
    const { page, search } = await itemsScreenOfAnAdmin();
    await pauseTimers(page);
    await search.fill("  assam ");
    // Short of the pause nothing is written; past it, the trimmed search is.
    await page.clock.runFor(200);
    expect(new URL(page.url()).searchParams.get("search")).toBeNull();
    await page.clock.runFor(200);
    await page.waitForURL((url) => url.searchParams.get("search") === "assam", { timeout: 5_000 });
    await page.clock.resume();
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });

  it("keeps the typed search in the box while the address and the list catch up with it", async () => {
    const { page, search } = await itemsScreenOfAnAdmin();
    // The list for the new search is held, so the screen is still on its way to it when the box is read.
    const list = await holdRequests(
      page,
      (url) => url.pathname === "/api/items" && url.searchParams.has("search"),
    );
    await recordValuesWrittenByThePage(search);
    await search.fill("assam");
    await page.waitForURL((url) => url.searchParams.get("search") === "assam", { timeout: 5_000 });
    await list.requested;
    expect(await search.inputValue()).toBe("assam");
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get("search") === "assam",
    );
    list.release();
    await answered;
    // A frame for the screen to take the answer in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(await search.inputValue()).toBe("assam");
    // The typing wrote "assam"; the page itself never wrote another text over it, not even for a frame.
    expect(
      await page.evaluate(() => (window as unknown as { searchBoxWrites: string[] }).searchBoxWrites),
    ).toEqual([]);
    expect(unexpectedErrors(browser.pageErrors())).toEqual([]);
  });
});

/**
 * Records in `window.searchBoxWrites` every text the page's code sets on the box through its value
 * property (React's writes), and none of the typing, which edits the box without it.
 */
async function recordValuesWrittenByThePage(box: Locator) {
  await box.evaluate((input: HTMLInputElement) => {
    const writes: string[] = [];
    (window as unknown as { searchBoxWrites: string[] }).searchBoxWrites = writes;
    // React tracks the box's value through a property of the element itself; write through it.
    const own =
      Object.getOwnPropertyDescriptor(input, "value") ??
      (Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value") as PropertyDescriptor);
    Object.defineProperty(input, "value", {
      configurable: true,
      get() {
        return own.get?.call(this);
      },
      set(value: string) {
        if (value !== own.get?.call(this)) {
          writes.push(value);
        }
        own.set?.call(this, value);
      },
    });
  });
}
