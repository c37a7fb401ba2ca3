import { z } from "zod";

/**
 * Money and quantities travel as decimal strings ("12.50", "3.125") and are stored as PostgreSQL
 * numeric, so no binary float ever rounds a fils away. Requests may send a JSON number or a string.
 */
function decimalSchema(label: string, decimals: number, maxIntegerDigits: number, emptyMessage: string) {
  const pattern = new RegExp(`^\\d{1,${maxIntegerDigits}}(\\.\\d{1,${decimals}})?$`);
  return z
    .union([z.number(), z.string()])
    .transform((value) => (typeof value === "number" ? numberToPlain(value) : value.trim()))
    .refine((value) => !value.startsWith("-"), { message: `${label} cannot be negative` })
    .refine((value) => value === "" || pattern.test(value), {
      message: `${label} must be a number with at most ${decimals} decimals`,
    })
    .refine((value) => value !== "", { message: emptyMessage });
}

function numberToPlain(value: number): string {
  return Number.isFinite(value)
    ? value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 })
    : "NaN";
}

/** AED amounts: non-negative, at most 2 decimals. */
export const moneySchema = (label: string) => decimalSchema(label, 2, 12, `${label} is required`);
/**
 * Quantities: non-negative, at most 3 decimals (tea is sold by the kilogram) and below a billion, so
 * a balance (numeric(15,3)) has room for a thousand of the largest receipts before it could overflow.
 */
export const quantitySchema = (label: string, emptyMessage = `${label} is required`) =>
  decimalSchema(label, 3, 9, emptyMessage);
