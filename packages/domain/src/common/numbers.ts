// Plain functions (no zod), so a screen that only shows numbers does not download the schema library.

/** Units counted in whole numbers (product-decisions 10). */
export const WHOLE_NUMBER_UNITS = new Set(["pieces", "box"]);

export function isWholeNumber(value: string): boolean {
  return /^\d+(\.0*)?$/.test(value);
}

const aed = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "AED 1,234.50": the one way amounts are shown, in the app, the CSV files and the reports. */
export function formatAed(value: string | number, locale = "en-US"): string {
  const formatter =
    locale === "en-US"
      ? aed
      : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `AED ${formatter.format(Number(value))}`;
}

/** Quantities with thousands separators and only the decimals they have (up to 3). */
export function formatQuantity(value: string | number, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(Number(value));
}
