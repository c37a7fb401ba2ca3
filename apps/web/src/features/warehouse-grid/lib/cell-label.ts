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
 * The decimals a quantity shows (up to 3, trailing zeros dropped) as a key, or the text itself when it
 * has more than 3 and the formatter will round it.
 */
function quantityKind(text: string): string {
  const sign = text.startsWith("-") ? "-" : "+";
  const dot = text.indexOf(".");
  if (dot === -1) {
    return `q${sign}0`;
  }
  let end = text.length;
  while (end > dot + 1 && text[end - 1] === "0") {
    end -= 1;
  }
  const decimals = end - dot - 1;
  return decimals <= 3 ? `q${sign}${decimals}` : `q=${text}`;
}

/**
 * The length of the longest figure (quantity or value) any of these positions shows in `locale`: it
 * sizes every column of the grid, so it covers the shelves not drawn yet too.
 *
 * Among numbers of one sign shown with the same decimals, a larger one never shows fewer characters
 * (amounts always show two decimals, quantities only those they have), so only the largest of each
 * kind is formatted: about ten formats instead of two per stocked position (two per position took an
 * eighth of the first render of a 100 x 20 layout with 1,300 of them).
 */
export function longestFigure(positions: Iterable<GridPosition>, locale: string = numberLocale()): number {
  const largest = new Map<string, number>();
  const consider = (kind: string, value: number) => {
    const known = largest.get(kind);
    if (known === undefined || Math.abs(value) > Math.abs(known)) {
      largest.set(kind, value);
    }
  };
  for (const position of positions) {
    consider(quantityKind(position.totalQuantity), Number(position.totalQuantity));
    const value = Number(position.totalValue);
    consider(value < 0 || Object.is(value, -0) ? "v-" : "v+", value);
  }
  let longest = 0;
  for (const [kind, value] of largest) {
    const text = kind.startsWith("q")
      ? formatQuantity(value, locale)
      : withoutCurrency(formatAed(value, locale));
    longest = Math.max(longest, text.length);
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
