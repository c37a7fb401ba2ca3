import { translateServerText } from "../i18n/server-messages.ts";
import { isApiError, sessionEffectOf } from "./api-client.ts";

type Translate = (key: string, options: { defaultValue: string }) => string;

/** A screen's own words for failures whose answer gives the user no reason to act on. */
export interface FailureTexts {
  /**
   * For a failure the user can only retry: no answer (network), a server fault (5xx, 503 included),
   * or an answer that names no reason. The spec gives each screen its own ("Failed to load items.
   * Please refresh the page.", "An error occurred while processing the movement. Please try again.").
   */
  unexpected?: string;
  /** For an answer saying the session has ended (401). */
  signedOut?: string;
}

/**
 * Whether a failure carries no reason of its own: anything but an answer from the API, no answer at
 * all, a 5xx, or a refusal without a message. A refusal with its reason (validation, stock, the
 * 10-minute window, permissions, not found) is not one: its message says more than a generic text.
 */
export function isUnexpectedFailure(error: unknown): boolean {
  if (!isApiError(error)) {
    return true;
  }
  if (error.code === "NETWORK_ERROR" || error.status >= 500) {
    return true;
  }
  return error.code === "UNKNOWN" && !error.message;
}

/**
 * The text shown for an error. With `texts`, the screen's own words for an ended session or an
 * unexpected failure. Otherwise a translation for the generic codes (errors.<CODE> in en.json), else
 * the server's message, which carries the specification's wording.
 */
export function describeError(
  error: unknown,
  t: Translate,
  language = "en",
  texts: FailureTexts = {},
): string {
  if (texts.signedOut !== undefined && sessionEffectOf(error) === "signed-out") {
    return texts.signedOut;
  }
  if (texts.unexpected !== undefined && isUnexpectedFailure(error)) {
    return texts.unexpected;
  }
  const fallback = t("errors.UNKNOWN", { defaultValue: "Something went wrong. Please try again." });
  if (!isApiError(error)) {
    return fallback;
  }
  // In another language the server's English text is translated where it is known (English: never).
  const translated = translateServerText(error.message, language);
  return translated ?? t(`errors.${error.code}`, { defaultValue: error.message || fallback });
}
