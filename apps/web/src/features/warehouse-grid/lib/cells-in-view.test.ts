import { describe, expect, it } from "vitest";
import type { Box, EmptyGridLayout } from "./cells-in-view.ts";
import { cellsInView } from "./cells-in-view.ts";

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

/** Section headers of `width` px with 4 px between them, from `start`, running to the right or the left. */
function headers(count: number, start: number, width: number, rtl = false): Box[] {
  return Array.from({ length: count }, (_, index) => {
    const offset = index * (width + 4);
    return box(rtl ? start - offset - width : start + offset, 340, width, 30);
  });
}

/**
 * A page whose grid scroller stands at (left, top), `width` px wide, its header row just inside it,
 * with 20 section headers of `sections.width` px, the first at `sections.first`.
 */
function page(
  window: { width: number; height: number },
  scroller: { left: number; top: number; width: number },
  sections: { first: number; width: number },
): EmptyGridLayout {
  return {
    scroller: box(scroller.left, scroller.top, scroller.width, 36),
    headerRow: box(scroller.left + 1, scroller.top + 1, 1900, 34),
    columnHeaders: headers(20, sections.first, sections.width),
    window,
    remPx: 16,
  };
}

/** The benchmark's page: a 1,600 x 1,000 window, the grid's scroller 338 px down, sections of 94 px. */
const desktop = page(
  { width: 1600, height: 1000 },
  { left: 274, top: 338, width: 1306 },
  { first: 341, width: 94 },
);

describe("the cells a grid draws before its first paint", () => {
  it("covers what the window shows of the scroller: the sections that cross it, the shelves down to its bottom", () => {
    // Sections: 341 + 13 x 98 = 1,615 > 1,580, so the thirteenth is cut by the scroller's end.
    // Shelves: from 373 to the window's bottom at 1,000 (the scroller could reach 338 + 700), 60 px a
    // shelf: 10.45, so 11, and one for rounding.
    expect(cellsInView(desktop)).toEqual({ rows: 12, columns: 13 });
  });

  it("stops at the scroller's largest height when the window reaches further", () => {
    // A 2,000 px window: the scroller stops at 56rem = 896 px, at 1,234: 861 px of shelves, 14.35.
    expect(cellsInView({ ...desktop, window: { width: 1600, height: 2000 } })).toEqual({
      rows: 16,
      columns: 13,
    });
  });

  it("takes the sections from the right in a page that runs right to left", () => {
    const rtl = { ...desktop, columnHeaders: headers(20, 1513, 94, true) };
    expect(cellsInView(rtl)).toEqual({ rows: 12, columns: 13 });
    expect(rtl.columnHeaders[12]?.left).toBeLessThan(274);
    expect(rtl.columnHeaders[13]?.right).toBeLessThan(274);
  });

  it("shows a phone the four sections and the shelves it has room for", () => {
    // A 375 x 740 window, the scroller 520 px down and 343 px wide; sections of 76 px from 77.
    const phone = page(
      { width: 375, height: 740 },
      { left: 16, top: 520, width: 343 },
      { first: 77, width: 76 },
    );
    // 77, 157, 237: the fourth starts at 317 < 359 too. Shelves: (740 - 555) / 60 = 3.08, so 4, and one.
    expect(cellsInView(phone)).toEqual({ rows: 5, columns: 4 });
  });

  it("follows the root font size: a larger one, larger and fewer shelves", () => {
    // 24 px: 700 px of window below the header row at 373 is 627 px, 88 px a shelf: 7.1, so 8, and one.
    expect(cellsInView({ ...desktop, remPx: 24 }).rows).toBe(9);
  });

  it("draws the first cell at least when the grid is out of view or not laid out", () => {
    const below = { ...desktop, scroller: box(274, 1400, 1306, 36), headerRow: box(275, 1401, 1900, 34) };
    expect(cellsInView(below)).toEqual({ rows: 1, columns: 13 });
    const hidden: EmptyGridLayout = {
      scroller: box(0, 0, 0, 0),
      headerRow: box(0, 0, 0, 0),
      columnHeaders: Array.from({ length: 20 }, () => box(0, 0, 0, 0)),
      window: { width: 1600, height: 1000 },
      remPx: 16,
    };
    expect(cellsInView(hidden)).toEqual({ rows: 13, columns: 1 });
  });
});
