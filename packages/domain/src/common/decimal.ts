import { z } from "zod";

/** How many digits a decimal may have before its point and after it. */
export interface DecimalDigits {
  integer: number;
  decimals: number;
}
export const MONEY_DIGITS: DecimalDigits = { integer: 12, decimals: 2 };
export const QUANTITY_DIGITS: DecimalDigits = { integer: 9, decimals: 3 };

/** A valid decimal string of those digits (no sign, no exponent, no grouping). */
export function decimalPattern(digits: DecimalDigits): RegExp {
  return new RegExp(`^\\d{1,${digits.integer}}(\\.\\d{1,${digits.decimals}})?$`);
}

/**
 * Money and quantities travel as decimal strings ("12.50", "3.125") and are stored as PostgreSQL
 * numeric, so no binary float ever rounds a fils away. Requests may send a JSON number or a string.
 */
function decimalSchema(label: string, digits: DecimalDigits, emptyMessage: string) {
  const pattern = decimalPattern(digits);
  const shape = new RegExp(`^\\d+(\\.\\d{1,${digits.decimals}})?$`);
  const limit = (10n ** BigInt(digits.integer)).toLocaleString("en-US");
  return (
    z
      .union([z.number(), z.string()])
      .transform((value) => (typeof value === "number" ? numberToPlain(value) : value.trim()))
      .refine((value) => !value.startsWith("-"), { message: `${label} cannot be negative` })
      .refine((value) => value === "" || shape.test(value), {
        message: `${label} must be a number with at most ${digits.decimals} decimals`,
      })
      // A well-formed number with too many digits is told so, not that its decimals are wrong.
      .refine((value) => value === "" || !shape.test(value) || pattern.test(value), {
        message: `${label} must be less than ${limit}`,
      })
      .refine((value) => value !== "", { message: emptyMessage })
  );
}

function numberToPlain(value: number): string {
  return Number.isFinite(value)
    ? value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 })
    : "NaN";
}

/** AED amounts: non-negative, at most 2 decimals. */
export const moneySchema = (label: string) => decimalSchema(label, MONEY_DIGITS, `${label} is required`);
/**
 * Quantities: non-negative, at most 3 decimals (tea is sold by the kilogram) and below a billion, so
 * a balance (numeric(15,3)) has room for a thousand of the largest receipts before it could overflow.
 */
export const quantitySchema = (label: string, emptyMessage = `${label} is required`) =>
  decimalSchema(label, QUANTITY_DIGITS, emptyMessage);
