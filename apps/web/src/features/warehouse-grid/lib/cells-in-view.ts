/**
 * The grid's sizes in CSS (warehouse-grid.module.css): the scroller is at most min(70vh, 56rem) tall,
 * and a shelf's row at least 3.5rem plus its 2px + 2px padding. Keep the two in step.
 */
const SCROLLER_VIEWPORT_SHARE = 0.7;
const SCROLLER_MAX_REM = 56;
const ROW_MIN_REM = 3.5;
const ROW_PADDING_PX = 4;

/** A box on screen, in CSS pixels from the window's top left corner (as getBoundingClientRect gives). */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where the grid stands before any shelf is drawn: its scroller, its header row and that row's cells. */
export interface EmptyGridLayout {
  scroller: Box;
  headerRow: Box;
  /** The section headers in order, one per column: they share the columns of the cells below them. */
  columnHeaders: Box[];
  window: { width: number; height: number };
  /** The root font size in CSS pixels. */
  remPx: number;
}

/** The cells drawn before the grid's first paint: this many shelves, each with this many sections. */
export interface CellsDrawn {
  rows: number;
  columns: number;
}

/**
 * The shelves and sections that can be seen when the grid is first painted, from its layout with the
 * header row only, so the browser lays out a page that holds no cells yet.
 *
 * - Columns: the sections whose header crosses the part of the scroller inside the window. At the
 *   scroller's start those are the first ones, whichever way the page runs (left to right or right to
 *   left), as the boxes say.
 * - Rows: those that fit between the header row and the scroller's largest height or the window's
 *   bottom, whichever comes first, at a shelf's smallest height, plus one for rounding. The scroller
 *   has only its header row yet, so its height is worked out from its CSS limits.
 *
 * At least one of each, so that a grid out of view or not yet laid out still shows its start.
 */
export function cellsInView(layout: EmptyGridLayout): CellsDrawn {
  const { scroller, headerRow, columnHeaders, window, remPx } = layout;
  const visibleStart = Math.max(scroller.left, 0);
  const visibleEnd = Math.min(scroller.right, window.width);
  const columns = columnHeaders.filter((box) => box.right > visibleStart && box.left < visibleEnd).length;

  const scrollerHeight = Math.min(SCROLLER_VIEWPORT_SHARE * window.height, SCROLLER_MAX_REM * remPx);
  const visibleBottom = Math.min(scroller.top + scrollerHeight, window.height);
  const rowHeight = ROW_MIN_REM * remPx + ROW_PADDING_PX;
  const rows = Math.ceil(Math.max(0, visibleBottom - headerRow.bottom) / rowHeight) + 1;

  return { rows, columns: Math.max(columns, 1) };
}
