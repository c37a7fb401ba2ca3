import type { GridPosition } from "@wms/domain";
import type { TFunction } from "i18next";
import { formatAed, formatQuantity, numberLocale } from "../../../lib/format-number.ts";

export interface CellState {
  matched: boolean;
  selected: boolean;
  unavailable: boolean;
}

/** What a cell shows and says. */
export interface CellText {
  /**
   * What a screen reader hears: "A03, 2 items, quantity 15, AED 1,250.00" (the figures drawn in the
   * cell), and whether it matches or is chosen.
   */
  label: string;
  /** The figures drawn under the code; null for an empty position. */
  quantity: string | null;
  /** The value without "AED" (the legend says the values are AED). */
  value: string | null;
}

/** A cell shows its value without "AED" (the legend says the values are AED). */
function withoutCurrency(amount: string): string {
  return amount.replace(/^AED\s*/, "");
}

/**
 * The length of the longest figure (quantity or value) any of these positions shows in `locale`: it
 * sizes every column of the grid, so it covers the shelves not drawn yet too.
 */
export function longestFigure(positions: Iterable<GridPosition>, locale: string = numberLocale()): number {
  let longest = 0;
  for (const position of positions) {
    const quantity = formatQuantity(position.totalQuantity, locale);
    const value = withoutCurrency(formatAed(position.totalValue, locale));
    longest = Math.max(longest, quantity.length, value.length);
  }
  return longest;
}

// Stand-ins translated once and replaced per cell: thousands of cells share a handful of sentences.
const CODE = "\u0001";
const VALUE = "\u0002";
const QUANTITY = "\u0003";

/**
 * Makes the texts of every cell of one render. The sentences are translated once per item count
 * (plural forms differ, in Arabic by six) rather than once per cell.
 */
export function createCellTexts(
  t: TFunction,
): (code: string, position: GridPosition | null, state: CellState) => CellText {
  const empty = t("grid.cellEmpty", { code: CODE });
  const stocked = new Map<number, string>();
  const sentence = (count: number) => {
    let text = stocked.get(count);
    if (text === undefined) {
      text = t("grid.cellItems", { code: CODE, count, quantity: QUANTITY, value: VALUE });
      stocked.set(count, text);
    }
    return text;
  };
  return (code, position, state) => {
    let label: string;
    let quantity: string | null = null;
    let value: string | null = null;
    if (position) {
      const amount = formatAed(position.totalValue);
      quantity = formatQuantity(position.totalQuantity);
      label = sentence(position.itemCount)
        .replace(CODE, code)
        .replace(QUANTITY, quantity)
        .replace(VALUE, amount);
      value = withoutCurrency(amount);
    } else {
      label = empty.replace(CODE, code);
    }
    if (state.matched) {
      label = t("grid.cellMatch", { label });
    }
    if (state.selected) {
      label = t("grid.cellSelected", { label });
    }
    if (state.unavailable) {
      label = t("grid.cellUnavailable", { label });
    }
    return { label, quantity, value };
  };
}
