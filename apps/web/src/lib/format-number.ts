import { formatAed as formatAedIn, formatQuantity as formatQuantityIn } from "@wms/domain";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { intlLocale } from "./format-locale.ts";

/**
 * The locale numbers are shown in: the interface language's (see format-locale.ts). English keeps the
 * domain's own default (en-US), so English screens, CSV files and reports agree to the character.
 */
export function numberLocale(language: string = i18next.language ?? "en"): string {
  return language.startsWith("ar") ? intlLocale(language) : "en-US";
}

/** @wms/domain's formatAed in the current interface language (Latin digits in Arabic too). */
export function formatAed(value: string | number, locale: string = numberLocale()): string {
  return formatAedIn(value, locale);
}

/** @wms/domain's formatQuantity in the current interface language. */
export function formatQuantity(value: string | number, locale: string = numberLocale()): string {
  return formatQuantityIn(value, locale);
}

const countFormats = new Map<string, Intl.NumberFormat>();

/** Plain counts ("1,204") in a locale; one formatter per locale, made on first use. */
export function countFormat(locale: string): Intl.NumberFormat {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    countFormats.set(locale, format);
  }
  return format;
}

/** AED amounts, quantities and plain counts bound to the reader's language. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const locale = numberLocale(i18n.language);
  const number = countFormat(locale);
  return {
    locale,
    aed: (value: string | number) => formatAed(value, locale),
    quantity: (value: string | number) => formatQuantity(value, locale),
    number: (value: number) => number.format(value),
  };
}
