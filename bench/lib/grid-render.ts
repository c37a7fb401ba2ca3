import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { CHROMIUM, PLAYWRIGHT_FLAGS } from "./chromium.ts";
import { rendererCpuBetween, rendererSnapshot } from "./renderer-cpu.ts";
import { median, round } from "./stats.ts";

/** Whether the built app asks the API for a warehouse grid at all (the grid screen exists). */
export function webHasGridScreen(outDir: string): boolean {
  const assets = path.join(outDir, "assets");
  return fs
    .readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .some((file) => /\/grid\b/.test(fs.readFileSync(path.join(assets, file), "utf8")));
}

/** The window the grid's screen is measured in: a desktop's, wide enough for 20 sections. */
export const GRID_VIEWPORT = { width: 1600, height: 1000 };

/**
 * A warehouse layout's cells (the shelf x section grid's and the container shelves'), and the blocks
 * they sit in. Only within the grid: other parts of the page carry data-position too (Mantine's
 * toast containers, say).
 */
const GRID_CELLS = "[data-testid='warehouse-grid'] [data-position], [data-container-shelf]";
const GRID_BLOCK = "[data-testid='warehouse-grid'], [data-container-shelf]";

/**
 * Records, in the page, when the DOM last changed at all (`__lastMutation`), when the grid last
 * changed (`__gridMutation`: a change inside the grid's block, or nodes added that hold cells) and when
 * the frame showing that change had been painted (`__gridPainted`): the animation-frame callbacks of a
 * frame run before its style, layout and paint, and a message posted from one is handled after them.
 * Also when the first frame was painted that showed every cell in view (`__gridInViewPainted`): the
 * grid holds cells and either says it is complete (no aria-busy) or its last cell reaches the bottom
 * of what can be seen of its scroller. The page's own claim is not taken on trust: the geometry is.
 * Mantine's AppShell clears its data-resizing attribute on a timer (200 ms after the window last
 * resized, e.g. when a scrollbar appeared): a clock, not rendering work, so it is not a change.
 */
function gridObserverScript(cells: string, block: string): string {
  return `(() => {
  const cells = ${JSON.stringify(cells)};
  const block = ${JSON.stringify(block)};
  window.__lastMutation = 0;
  window.__gridMutation = 0;
  window.__gridPainted = 0;
  window.__gridInViewPainted = 0;
  function inViewComplete() {
    const grid = document.querySelector("[data-testid='warehouse-grid']");
    const shown = grid ? grid.querySelectorAll("[data-position]") : [];
    if (shown.length === 0) return false;
    if (grid.getAttribute("aria-busy") !== "true") return true;
    const scroller = grid.parentElement.getBoundingClientRect();
    const last = shown[shown.length - 1].getBoundingClientRect();
    return last.bottom >= Math.min(scroller.bottom, window.innerHeight);
  }
  function touchesGrid(record) {
    const target = record.target instanceof Element ? record.target : record.target.parentElement;
    if (target && target.closest(block)) return true;
    for (const node of record.addedNodes) {
      if (node instanceof Element && (node.matches(cells) || node.querySelector(cells) !== null)) return true;
    }
    return false;
  }
  new MutationObserver((records) => {
    const now = performance.now();
    if (records.some((record) => record.attributeName !== "data-resizing")) window.__lastMutation = now;
    if (!records.some(touchesGrid)) return;
    window.__gridMutation = now;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const painted = performance.now();
        if (window.__gridMutation <= now) window.__gridPainted = painted;
        if (window.__gridInViewPainted === 0 && inViewComplete()) window.__gridInViewPainted = painted;
      };
      channel.port2.postMessage(null);
    });
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;
}

/**
 * The grid render's anchor over several visits: the median of the visits' anchors (gridPaintAnchor),
 * and each of them in the visits' order. Nothing when no visit measured one.
 */
export function anchorOf(visits: Array<{ anchorMs?: number }>): {
  anchorMs?: number;
  anchorVisitsMs?: number[];
} {
  const measured = visits.flatMap((visit) => (visit.anchorMs === undefined ? [] : [visit.anchorMs]));
  return measured.length === 0 ? {} : { anchorMs: round(median(measured)), anchorVisitsMs: measured };
}

/**
 * The grid render's anchor: how long this browser, at this moment, takes to style, lay out and paint
 * the cells the grid draws in its first frame when they arrive as ready HTML, with no script at all.
 * The screen's shelves drawn first (the rows not marked data-deferred), each with the sections that
 * cross what the window shows of the scroller, as the grid draws them (decision 015), are copied from
 * `appPage` with the page's styles and root attributes, into a fresh page of a new context (a
 * renderer of its own, so no cache of the app's is warm). That page shows one cell first, so its
 * fonts are loaded as they are on the app's page when the grid's answer arrives; then the copy is
 * inserted and timed to the paint of that frame, as gridObserverScript times the app's. The grid's
 * budget is absolute (150 ms); this says how much of it the browser itself needs on this machine.
 */
async function gridPaintAnchor(browser: Browser, appPage: Page, base: string) {
  const captured = await appPage.evaluate(() => {
    const grid = document.querySelector("[data-testid='warehouse-grid']");
    const scroller = grid?.parentElement;
    const sample = grid?.querySelector("[data-quantity]") ?? grid?.querySelector("[data-position]");
    if (!scroller || !sample) {
      return null;
    }
    // The first frame's sections: those crossing what the window shows of the scroller (cellsInView).
    const box = scroller.getBoundingClientRect();
    const [start, end] = [Math.max(box.left, 0), Math.min(box.right, window.innerWidth)];
    const outOfView = new Set(
      Array.from(grid.querySelectorAll<HTMLElement>("[data-position]"))
        .filter((cell) => {
          const { left, right } = cell.getBoundingClientRect();
          return right <= start || left >= end;
        })
        .map((cell) => cell.dataset.position),
    );
    const copy = scroller.cloneNode(true) as HTMLElement;
    for (const row of Array.from(copy.querySelectorAll("[data-deferred]"))) {
      row.remove();
    }
    for (const cell of Array.from(copy.querySelectorAll<HTMLElement>("[data-position]"))) {
      if (outOfView.has(cell.dataset.position)) {
        cell.remove();
      }
    }
    return {
      html: copy.outerHTML,
      sample: sample.outerHTML,
      cells: copy.querySelectorAll("[data-position]").length,
      width: scroller.getBoundingClientRect().width,
      root: Array.from(document.documentElement.attributes, (a) => `${a.name}="${a.value}"`).join(" "),
      links: Array.from(document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]"), (l) => l.href),
      styles: Array.from(document.querySelectorAll("style"), (style) => style.textContent ?? "").join("\n"),
    };
  });
  if (!captured) {
    return {};
  }
  const context = await browser.newContext({ viewport: GRID_VIEWPORT });
  try {
    const page = await context.newPage();
    const anchorUrl = `${base}/bench-grid-anchor`;
    const links = captured.links.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
    await page.route(anchorUrl, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html ${captured.root}><head>${links}<style>${captured.styles}</style></head>
<body><div style="inline-size: 6rem">${captured.sample}</div><div id="host" style="inline-size: ${captured.width}px"></div></body></html>`,
      }),
    );
    await page.goto(anchorUrl, { waitUntil: "load", timeout: 30_000 });
    await page.waitForTimeout(300);
    const ms = await page.evaluate(
      (html) =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          (document.getElementById("host") as HTMLElement).innerHTML = html;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(null);
          });
        }),
      captured.html,
    );
    return { anchorMs: round(ms), anchorCells: captured.cells };
  } finally {
    await context.close();
  }
}

/**
 * Grid render time in Chromium: opens `pagePath` signed in, and measures through the Performance API
 * from the end of the /grid response to the first frame painted with every cell in view (`inViewMs`,
 * the budget: what the person sees), and to the first frame painted after the last DOM change of the
 * grid itself (`renderMs`: its cells and the block holding them, including the shelves out of view the
 * grid adds after its first paint), i.e. the time the browser spends turning the grid answer into the
 * painted grid. The page goes on changing after that for reasons of its own (the
 * language menu and the toasts' host arrive once the page is idle, other requests answer): those
 * changes are not the grid's, and are only reported, as `lastMutationMs` (from the same response end
 * to the page's last DOM change of any kind). Null when no /grid request is made from that page.
 */
export async function gridRenderTime(base: string, cookie: string, pagePaths: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: PLAYWRIGHT_FLAGS });
  try {
    const context = await browser.newContext({ viewport: GRID_VIEWPORT });
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name ?? "", value: value ?? "", url: base }]);
    const page = await context.newPage();
    // Plain JavaScript, as the page runs it (a function here would carry the TypeScript loader's helpers).
    await page.addInitScript({ content: gridObserverScript(GRID_CELLS, GRID_BLOCK) });
    for (const pagePath of pagePaths) {
      const gridResponse = page
        .waitForResponse((response) => /\/api\/warehouses\/\d+\/grid/.test(response.url()), {
          timeout: 20_000,
        })
        .catch(() => null);
      const renderersBefore = rendererSnapshot();
      await page.goto(`${base}${pagePath}`, { waitUntil: "load", timeout: 30_000 });
      const response = await gridResponse;
      if (!response) {
        continue;
      }
      // Wait until the DOM has been quiet for 1 s (at most 15 s), so no later change of the grid is missed.
      await page.waitForFunction(
        () => {
          const w = window as unknown as { __lastMutation: number };
          return performance.now() - w.__lastMutation > 1000;
        },
        undefined,
        { timeout: 15_000, polling: 100 },
      );
      const measured = await page.evaluate((cellSelector) => {
        const entry = performance
          .getEntriesByType("resource")
          .filter((e) => /\/api\/warehouses\/\d+\/grid/.test(e.name))
          .at(-1) as PerformanceResourceTiming | undefined;
        const w = window as unknown as {
          __lastMutation: number;
          __gridMutation: number;
          __gridPainted: number;
          __gridInViewPainted: number;
        };
        const cells = document.querySelectorAll(cellSelector).length;
        return entry && w.__gridPainted > 0 && w.__gridInViewPainted > 0
          ? {
              inViewMs: Math.round((w.__gridInViewPainted - entry.responseEnd) * 10) / 10,
              renderMs: Math.round((w.__gridPainted - entry.responseEnd) * 10) / 10,
              lastGridChangeMs: Math.round((w.__gridMutation - entry.responseEnd) * 10) / 10,
              lastMutationMs: Math.round((w.__lastMutation - entry.responseEnd) * 10) / 10,
              requestStart: Math.round(entry.requestStart * 10) / 10,
              responseEnd: Math.round(entry.responseEnd * 10) / 10,
              cells,
            }
          : null;
      }, GRID_CELLS);
      if (measured) {
        // Before the anchor's page, whose renderer is not the visit's.
        const renderer = rendererCpuBetween(renderersBefore, rendererSnapshot());
        const anchor = await gridPaintAnchor(browser, page, base);
        return { page: pagePath, ...measured, renderer, ...anchor };
      }
    }
    return null;
  } finally {
    await browser.close();
  }
}
