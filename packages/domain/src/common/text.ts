import { z } from "zod";

// Control characters (NUL and friends) have no place in names and codes; tabs and newlines are allowed
// only where a field is free text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;

/** A required single-line text field: trimmed, "{label} is required" when empty, bounded, no controls. */
export function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value) && !LINE_BREAKS_AND_TABS.test(value), {
      message: `${label} contains characters that are not allowed`,
    });
}

/** Optional free text (several lines allowed), trimmed, bounded, no control characters. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      message: `${label} contains characters that are not allowed`,
    })
    .default("");
}
