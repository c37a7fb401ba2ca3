import { useTranslation } from "react-i18next";
import { useBusinessTimeZone } from "./app-info.ts";
import { intlLocale } from "./format-locale.ts";

/**
 * One formatter per language, time zone and kind, made on first use: making an Intl.DateTimeFormat
 * costs far more than formatting with it, and a list formats a date on every row.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(kind: "date" | "dateTime", language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${language}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      intlLocale(language),
      kind === "dateTime"
        ? { dateStyle: "medium", timeStyle: "short", timeZone }
        : { dateStyle: "medium", timeZone },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Date and time in the reader's language and the business time zone, e.g. "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string, language: string, timeZone: string): string {
  return format(iso, formatterFor("dateTime", language, timeZone));
}

export function formatDate(iso: string, language: string, timeZone: string): string {
  return format(iso, formatterFor("date", language, timeZone));
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
