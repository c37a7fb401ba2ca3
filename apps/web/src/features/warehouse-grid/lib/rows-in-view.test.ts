import { describe, expect, it } from "vitest";
import { rowsInView } from "./rows-in-view.ts";

describe("the rows a grid shows before its first paint", () => {
  it("covers a desktop scroller, plus a row cut by the edge and one for rounding", () => {
    // 70% of a 1,000 px window = 700 px of scroller, 60 px a row: 11.7 rows.
    expect(rowsInView(1000, 16)).toBe(14);
    // A tall window: the scroller stops at 56rem = 896 px: 14.9 rows.
    expect(rowsInView(2000, 16)).toBe(17);
  });

  it("follows the window on a phone (70% of its height)", () => {
    // 0.7 x 640 = 448 px, 60 px a row: 7.5 rows.
    expect(rowsInView(640, 16)).toBe(10);
  });

  it("shows more rows when the page is zoomed out (a smaller root font, a taller window in CSS px)", () => {
    // At 50%: the window is twice as tall in CSS px and the root font stays 16px: the cap applies.
    expect(rowsInView(1000 / 0.5, 16)).toBe(17);
    // A user's 10px root font: 560 px of scroller, 39 px a row: 14.4 rows.
    expect(rowsInView(1000, 10)).toBe(17);
    // A 24px root font: fewer, larger rows (700 px, 88 px a row: 7.95).
    expect(rowsInView(1000, 24)).toBe(10);
  });

  it("shows two rows even in a window with no height", () => {
    expect(rowsInView(0, 16)).toBe(2);
  });
});
