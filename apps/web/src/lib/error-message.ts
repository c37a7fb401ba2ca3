import { translateServerText } from "../i18n/server-messages.ts";
import { isApiError } from "./api-client.ts";

type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * The text shown for an error: a translation for the generic codes (errors.<CODE> in en.json), else the
 * server's message, which carries the specification's wording.
 */
export function describeError(error: unknown, t: Translate, language = "en"): string {
  const fallback = t("errors.UNKNOWN", { defaultValue: "Something went wrong. Please try again." });
  if (!isApiError(error)) {
    return fallback;
  }
  // In another language the server's English text is translated where it is known (English: never).
  const translated = translateServerText(error.message, language);
  return translated ?? t(`errors.${error.code}`, { defaultValue: error.message || fallback });
}
