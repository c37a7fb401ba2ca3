import { useTranslation } from "react-i18next";
import { useBusinessTimeZone } from "./app-info.ts";
import { intlLocale } from "./format-locale.ts";

/** Date and time in the reader's language and the business time zone, e.g. "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string, language: string, timeZone: string): string {
  return format(
    iso,
    new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeStyle: "short", timeZone }),
  );
}

export function formatDate(iso: string, language: string, timeZone: string): string {
  return format(iso, new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeZone }));
}

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** Formatters bound to the current language and the business time zone. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const timeZone = useBusinessTimeZone();
  return {
    date: (iso: string) => formatDate(iso, i18n.language, timeZone),
    dateTime: (iso: string) => formatDateTime(iso, i18n.language, timeZone),
  };
}
