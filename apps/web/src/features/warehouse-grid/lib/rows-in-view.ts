/**
 * The grid's sizes in CSS (warehouse-grid.module.css): the scroller is at most min(70vh, 56rem) tall,
 * and a shelf's row at least 3.5rem plus its 2px + 2px padding. Keep the two in step.
 */
const SCROLLER_VIEWPORT_SHARE = 0.7;
const SCROLLER_MAX_REM = 56;
const ROW_MIN_REM = 3.5;
const ROW_PADDING_PX = 4;

/**
 * How many shelves can be in view in the grid's scroller at once, plus one cut by its edge and one
 * more for rounding: the rows a grid renders before the browser first paints it. Worked out from the
 * window's height and the root font size (both in CSS pixels, so zoom is allowed for), not by
 * measuring the page, which would make the browser lay it out before it has anything to show.
 */
export function rowsInView(viewportHeightPx: number, remPx: number): number {
  const scroller = Math.min(SCROLLER_VIEWPORT_SHARE * viewportHeightPx, SCROLLER_MAX_REM * remPx);
  const row = ROW_MIN_REM * remPx + ROW_PADDING_PX;
  return Math.ceil(scroller / row) + 2;
}
