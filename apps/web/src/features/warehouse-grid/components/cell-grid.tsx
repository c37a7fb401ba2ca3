import type { CSSProperties, FocusEvent, KeyboardEvent, MouseEvent } from "react";
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { numberLocale } from "../../../lib/format-number.ts";
import { createCellTexts, longestFigure } from "../lib/cell-label.ts";
import type { CellsDrawn } from "../lib/cells-in-view.ts";
import { cellsInView } from "../lib/cells-in-view.ts";
import type { GridModel, GridTarget } from "../lib/grid-model.ts";
import { positionKey } from "../lib/grid-model.ts";
import { nextCell } from "../lib/grid-navigation.ts";
import type { GridCellData } from "./grid-row.tsx";
import { GridRow } from "./grid-row.tsx";
import classes from "./warehouse-grid.module.css";

interface CellGridProps {
  model: GridModel;
  warehouseName: string;
  /** Whether a position matches the search; null while not searching. */
  isMatch: ((target: GridTarget) => boolean) | null;
  selectedKey: string | null;
  isSelectable: ((target: GridTarget) => boolean) | undefined;
  onReport: (shelf: string, section: string | null) => void;
}

/** A cell by its shelf (row) and section (column) indexes. */
interface Cell {
  row: number;
  column: number;
}

/** A grid cell's code: the shelf's letters, then the section's digits ("AA01"). */
const CELL_CODE = /^([A-Z]+)(\d+)$/;

/** The cells that can be seen, read from a grid that holds its header row and no shelf yet. */
function measureCellsInView(grid: HTMLElement): CellsDrawn {
  const headerRow = grid.firstElementChild;
  const box = (element: Element | null | undefined) =>
    element?.getBoundingClientRect() ?? { top: 0, bottom: 0, left: 0, right: 0 };
  return cellsInView({
    scroller: box(grid.parentElement),
    headerRow: box(headerRow),
    // The header row's first child is the corner above the shelves' names, then a header per section.
    columnHeaders: Array.from(headerRow?.children ?? [])
      .slice(1)
      .map(box),
    window: { width: window.innerWidth, height: window.innerHeight },
    remPx: Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16,
  });
}

/**
 * Runs `callback` once the browser has painted the current frame: an animation frame's callback runs
 * just before the paint, and a task it queues runs after it.
 */
function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The shelf x section cells in one CSS grid. One click and one keyboard handler for the whole grid
 * (no per-cell closures); a single tab stop, with the arrow keys, Home and End moving between cells.
 *
 * A large layout is drawn in two steps (docs/decisions/015-grid-first-paint.md): the cells that can be
 * in view first (the grid measured with its header row only, before the browser paints), so the
 * browser paints them at once, then, after that paint, the rest in a transition React renders in
 * slices between the browser's other work. The grid says it is busy until every cell is there; a key
 * that moves the focus to a cell not there yet draws the rest at once.
 */
export function CellGrid({
  model,
  warehouseName,
  isMatch,
  selectedKey,
  isSelectable,
  onReport,
}: CellGridProps) {
  const { t, i18n } = useTranslation();
  const { shelves, sections, occupied } = model;
  const [focused, setFocused] = useState<Cell | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  // The cells drawn before the first paint: none until the empty grid has been measured, just before
  // the browser would paint it; then those in view; then, once drawnAll, every cell.
  const [firstDrawn, setFirstDrawn] = useState<CellsDrawn | null>(null);
  const [drawnAll, setDrawnAll] = useState(false);
  const shownRows = drawnAll ? shelves.length : (firstDrawn?.rows ?? 0);
  const shownColumns = drawnAll ? sections.length : (firstDrawn?.columns ?? 0);
  const complete = shownRows >= shelves.length && shownColumns >= sections.length;
  useLayoutEffect(() => {
    if (firstDrawn === null && gridRef.current) {
      setFirstDrawn(measureCellsInView(gridRef.current));
    }
  }, [firstDrawn]);
  useEffect(() => {
    if (complete || firstDrawn === null) {
      return;
    }
    return afterNextPaint(() => startTransition(() => setDrawnAll(true)));
  }, [complete, firstDrawn]);
  /** Where a cell element sits in the layout, read back from its code. */
  const cellOf = (element: EventTarget | null): (Cell & { button: HTMLElement }) | null => {
    const button = element instanceof HTMLElement ? element.closest<HTMLElement>("[data-position]") : null;
    const [, shelf = "", section = ""] = CELL_CODE.exec(button?.dataset.position ?? "") ?? [];
    const cell = { row: shelves.indexOf(shelf), column: sections.indexOf(section) };
    return button && cell.row >= 0 && cell.column >= 0 ? { ...cell, button } : null;
  };
  // The one cell reached with Tab: the last focused, else the selected, else the first.
  const [selectedShelf = "", selectedSection = ""] = selectedKey?.split("|") ?? [];
  const candidates = [
    focused,
    { row: shelves.indexOf(selectedShelf), column: sections.indexOf(selectedSection) },
  ];
  const tabStop = candidates.find(
    (cell): cell is Cell =>
      cell !== null &&
      cell.row >= 0 &&
      cell.column >= 0 &&
      cell.row < shelves.length &&
      cell.column < sections.length,
  ) ?? { row: 0, column: 0 };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    if (cell && cell.button.getAttribute("aria-disabled") !== "true") {
      onReport(shelves[cell.row] ?? "", sections[cell.column] ?? "");
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    const next =
      cell &&
      nextCell(
        cell,
        { rows: shelves.length, columns: sections.length },
        { key: event.key, ctrlKey: event.ctrlKey, rtl: getComputedStyle(cell.button).direction === "rtl" },
      );
    if (next) {
      event.preventDefault();
      if (next.row >= shownRows || next.column >= shownColumns) {
        flushSync(() => setDrawnAll(true));
      }
      gridRef.current
        ?.querySelector<HTMLElement>(
          `[data-position="${CSS.escape(`${shelves[next.row]}${sections[next.column]}`)}"]`,
        )
        ?.focus();
    }
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    if (cell) {
      setFocused({ row: cell.row, column: cell.column });
    }
  };

  // The columns' width, from every position's figures, drawn or not yet, as the cells write them.
  const locale = numberLocale(i18n.language);
  const figureChars = useMemo(() => longestFigure(occupied.values(), locale), [occupied, locale]);
  // What every cell drawn shows, worked out again only when the data, the search, the selection or the
  // shelves drawn change (moving the focus with the arrow keys re-renders this grid, and then only the
  // tab stop changes).
  const rows = useMemo(() => {
    const texts = createCellTexts(t);
    return shelves.slice(0, shownRows).map((shelf) =>
      sections.slice(0, shownColumns).map((section): GridCellData => {
        const key = positionKey(shelf, section);
        const code = `${shelf}${section}`;
        const position = occupied.get(key) ?? null;
        const target: GridTarget = { kind: "grid", shelf, section, position };
        const matched = isMatch?.(target) ?? false;
        const selected = selectedKey === key;
        const unavailable = isSelectable !== undefined && !isSelectable(target);
        const text = texts(code, position, { matched, selected, unavailable });
        return {
          code,
          label: text.label,
          quantity: text.quantity,
          value: text.value,
          matched,
          dimmed: isMatch !== null && !matched,
          selected,
          unavailable,
        };
      }),
    );
  }, [t, shelves, sections, occupied, isMatch, selectedKey, isSelectable, shownRows, shownColumns]);

  return (
    <div className={classes.scroller}>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a form fieldset */}
      <div
        ref={gridRef}
        className={classes.grid}
        style={{ "--grid-sections": sections.length, "--figure-chars": figureChars } as CSSProperties}
        role="group"
        aria-label={t("grid.gridLabel", { name: warehouseName })}
        aria-description={t("grid.gridHint")}
        aria-busy={!complete || undefined}
        data-testid="warehouse-grid"
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div className={classes.headerRow} aria-hidden>
          <div className={classes.corner}>{t("grid.sectionsHeader")}</div>
          {sections.map((section) => (
            <div key={section} className={classes.colHeader}>
              {section}
            </div>
          ))}
        </div>
        {rows.map((cells, row) => (
          <GridRow
            key={shelves[row]}
            shelf={shelves[row] ?? ""}
            cells={cells}
            tabColumn={row === tabStop.row ? tabStop.column : -1}
            deferred={row >= (firstDrawn?.rows ?? 0)}
          />
        ))}
      </div>
    </div>
  );
}
