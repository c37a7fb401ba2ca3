/**
 * The Intl locale for an interface language. Arabic uses the UAE's conventions with the Gregorian
 * calendar and Latin digits (warehouse staff in the UAE read Latin digits, and location codes, item
 * numbers and quantities must look the same on screen, on paper and in CSV files). English keeps the
 * language code itself, so English screens format exactly as before.
 */
export const ARABIC_INTL_LOCALE = "ar-AE-u-ca-gregory-nu-latn";

export function intlLocale(language: string): string {
  return language.startsWith("ar") ? ARABIC_INTL_LOCALE : language;
}
