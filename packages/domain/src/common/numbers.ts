// Plain functions (no zod), so a screen that only shows numbers does not download the schema library.

/** Units counted in whole numbers (product-decisions 10). */
export const WHOLE_NUMBER_UNITS = new Set(["pieces", "box"]);

export function isWholeNumber(value: string): boolean {
  return /^\d+(\.0*)?$/.test(value);
}

/**
 * One formatter per locale and kind, made on first use: creating an Intl.NumberFormat costs far more
 * than formatting with it, and a warehouse grid formats thousands of figures at once.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(kind: "aed" | "quantity", locale: string): Intl.NumberFormat {
  const key = `${kind}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      locale,
      kind === "aed" ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 3 },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "AED 1,234.50": the one way amounts are shown, in the app, the CSV files and the reports. */
export function formatAed(value: string | number, locale = "en-US"): string {
  return `AED ${formatterFor("aed", locale).format(Number(value))}`;
}

/** Quantities with thousands separators and only the decimals they have (up to 3). */
export function formatQuantity(value: string | number, locale = "en-US"): string {
  return formatterFor("quantity", locale).format(Number(value));
}
