import i18next from "i18next";

/**
 * The server's (and the shared schemas') English texts in the reader's language. English screens show
 * the server's exact wording; the Arabic translations (server-messages-ar.ts) arrive with the Arabic
 * strings and register here, so a page in English never downloads them.
 */
let toArabic: ((text: string) => string | undefined) | undefined;

/** Called once the Arabic strings have loaded (i18n/index.ts). */
export function registerArabicServerTexts(localize: (text: string) => string | undefined): void {
  toArabic = localize;
}

/** The server's (or a shared schema's) English text in `language`, or undefined when unknown. */
export function translateServerText(text: string, language: string): string | undefined {
  return language.startsWith("ar") && text ? toArabic?.(text) : undefined;
}

/** The text in `language` when a translation is known, else the text itself (always so in English). */
export function localizeServerText(text: string, language: string): string {
  return translateServerText(text, language) ?? text;
}

/** localizeServerText in the interface language of the moment (for texts built outside React's render). */
export function localized(text: string): string {
  return localizeServerText(text, i18next.language ?? "en");
}
