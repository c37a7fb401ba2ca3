import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatQuantity } from "./format-number.ts";

/** An item's unit, and a quantity with it, in the reader's language. */
export interface UnitTexts {
  /** "kilogram"; a unit the translations do not name is shown as it is stored. */
  unitLabel: (unit: string) => string;
  /** "12.5 kilogram". */
  withUnit: (quantity: string, unit: string) => string;
}

/** The one wording of units and quantities for every screen that shows them. */
export function createUnitTexts(t: TFunction): UnitTexts {
  const unitLabel = (unit: string) => t(`items.units.${unit}`, { defaultValue: unit });
  return {
    unitLabel,
    withUnit: (quantity, unit) =>
      t("items.quantityWithUnit", { quantity: formatQuantity(quantity), unit: unitLabel(unit) }),
  };
}

/** createUnitTexts bound to the interface language. */
export function useUnitTexts(): UnitTexts {
  const { t } = useTranslation();
  return createUnitTexts(t);
}
