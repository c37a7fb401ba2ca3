import type { Page } from "playwright-core";

export interface HeldRequests {
  /** Settles when the page has made the first of the requests. */
  requested: Promise<void>;
  /** Lets every held request, and any later one, go on to the server. */
  release(): void;
}

/**
 * Holds back the page's requests to `url` until `release()`, to put the page in a state it passes
 * through too quickly to test otherwise (a screen's code or data still on its way).
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp | ((url: URL) => boolean),
): Promise<HeldRequests> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markRequested = () => {};
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve;
  });
  await page.route(url, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}
