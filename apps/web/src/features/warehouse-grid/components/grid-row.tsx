import { memo } from "react";
import classes from "./warehouse-grid.module.css";

/** What one shelf-section cell shows and says. */
export interface GridCellData {
  /** The cell's code, shelf + section ("A01"): its visible text and where it sits. */
  code: string;
  label: string;
  quantity: string | null;
  value: string | null;
  matched: boolean;
  dimmed: boolean;
  selected: boolean;
  unavailable: boolean;
}

interface GridRowProps {
  shelf: string;
  cells: GridCellData[];
  /** The column of the grid's one tab stop when it is in this row, else -1. */
  tabColumn: number;
  /** Drawn after the grid's first paint: the browser may skip it while it is off screen. */
  deferred: boolean;
}

function sameCell(a: GridCellData, b: GridCellData): boolean {
  return (
    a.code === b.code &&
    a.label === b.label &&
    a.quantity === b.quantity &&
    a.value === b.value &&
    a.matched === b.matched &&
    a.dimmed === b.dimmed &&
    a.selected === b.selected &&
    a.unavailable === b.unavailable
  );
}

/** A row re-renders only when one of its cells shows something else, or the tab stop comes or goes. */
function sameRow(a: GridRowProps, b: GridRowProps): boolean {
  return (
    a.shelf === b.shelf &&
    a.tabColumn === b.tabColumn &&
    a.deferred === b.deferred &&
    a.cells.length === b.cells.length &&
    a.cells.every((cell, index) => {
      const other = b.cells[index];
      return other !== undefined && sameCell(cell, other);
    })
  );
}

/**
 * One shelf: its header and its cells, plain buttons holding one text node each and no handlers of
 * their own (the grid listens once for all cells). The code is the cell's visible text; the quantity
 * and value are drawn from data attributes by CSS, so the accessible name (code, item count, value)
 * contains all of the visible label (WCAG 2.5.3). While a row drawn after the grid's first paint is off
 * screen the browser skips styling, laying out and painting its cells (content-visibility in the
 * stylesheet); they stay in the page, in the accessibility tree and in the tab order.
 */
export const GridRow = memo(function GridRow({ shelf, cells, tabColumn, deferred }: GridRowProps) {
  return (
    <div className={classes.row} data-deferred={deferred || undefined}>
      <div className={classes.rowHeader} aria-hidden>
        {shelf}
      </div>
      {cells.map((cell, column) => (
        <button
          key={cell.code}
          type="button"
          className={classes.cell}
          data-position={cell.code}
          data-match={cell.matched || undefined}
          data-dimmed={cell.dimmed || undefined}
          data-selected={cell.selected || undefined}
          aria-disabled={cell.unavailable || undefined}
          aria-label={cell.label}
          tabIndex={column === tabColumn ? 0 : -1}
          data-quantity={cell.quantity ?? undefined}
          data-value={cell.value ?? undefined}
        >
          {cell.code}
        </button>
      ))}
    </div>
  );
}, sameRow);
