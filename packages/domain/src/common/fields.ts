import { z } from "zod";
import { requiredText } from "./text.ts";

/** Emails compare case-insensitively and without surrounding spaces everywhere in the product. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

/**
 * Passwords: at least 8 characters, long passphrases welcome, nothing trimmed or truncated. The upper
 * bound keeps a hostile megabyte-long password from reaching the (deliberately slow) hash.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** A password being checked, not chosen: any non-empty string within the size bound. */
export const PasswordInputSchema = z
  .string()
  .min(1, "Password is required")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const PersonNameSchema = requiredText("Full name", 120);

/** A search box's text: trimmed, bounded, and free of control characters (a NUL would reach SQL). */
export const SearchTextSchema = z
  .string()
  .trim()
  .max(200, "Search must be at most 200 characters")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((value) => !/[\u0000-\u001F\u007F]/.test(value), "Search contains characters that are not allowed");

export const IdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
export const IsoDateTimeSchema = z.string();
