import { memo } from "react";
import classes from "./warehouse-grid.module.css";

export interface GridCellProps {
  /** The cell's code, shelf + section ("A01"): its visible text and where it sits. */
  code: string;
  label: string;
  quantity: string | null;
  value: string | null;
  matched: boolean;
  dimmed: boolean;
  selected: boolean;
  unavailable: boolean;
  tabbable: boolean;
}

/**
 * One shelf-section cell: a plain button holding one text node, with only primitive props, so a cell
 * re-renders only when what it shows changes, and no handlers of its own (the grid listens once for
 * all cells). The code is the cell's visible text; the quantity and value are drawn from data
 * attributes by CSS, so the accessible name (code, item count, value) contains all of the visible
 * label (WCAG 2.5.3).
 */
export const GridCell = memo(function GridCell({
  code,
  label,
  quantity,
  value,
  matched,
  dimmed,
  selected,
  unavailable,
  tabbable,
}: GridCellProps) {
  return (
    <button
      type="button"
      className={classes.cell}
      data-position={code}
      data-occupied={quantity !== null || undefined}
      data-match={matched || undefined}
      data-dimmed={dimmed || undefined}
      data-selected={selected || undefined}
      aria-disabled={unavailable || undefined}
      aria-label={label}
      tabIndex={tabbable ? 0 : -1}
      data-quantity={quantity ?? undefined}
      data-value={value ?? undefined}
    >
      {code}
    </button>
  );
});
