import type { GridPosition } from "@wms/domain";
import type { TFunction } from "i18next";
import { formatAed } from "../../../lib/format-number.ts";

export interface CellState {
  matched: boolean;
  selected: boolean;
  unavailable: boolean;
}

/** What a screen reader hears: "A03, 2 items, AED 1,250.00", and whether it matches or is chosen. */
export function cellLabel(
  t: TFunction,
  code: string,
  position: GridPosition | null,
  state: CellState,
): string {
  let label = position
    ? t("grid.cellItems", { code, count: position.itemCount, value: formatAed(position.totalValue) })
    : t("grid.cellEmpty", { code });
  if (state.matched) {
    label = t("grid.cellMatch", { label });
  }
  if (state.selected) {
    label = t("grid.cellSelected", { label });
  }
  if (state.unavailable) {
    label = t("grid.cellUnavailable", { label });
  }
  return label;
}

/** Turns an amount into the cell's figure: the legend says the values are AED. */
export function bareAmount(value: string): string {
  return formatAed(value).replace(/^AED\s*/, "");
}
