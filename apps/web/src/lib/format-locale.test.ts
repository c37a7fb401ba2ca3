import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-date.ts";
import { intlLocale } from "./format-locale.ts";
import { formatAed, formatQuantity, numberLocale } from "./format-number.ts";

const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

describe("numbers and dates for the interface language", () => {
  it("keeps English exactly as the domain formats it", () => {
    expect(numberLocale("en")).toBe("en-US");
    expect(intlLocale("en")).toBe("en");
    expect(formatAed("1234567.5", numberLocale("en"))).toBe("AED 1,234,567.50");
    expect(formatQuantity("1250.125", numberLocale("en"))).toBe("1,250.125");
  });

  it("writes Arabic with Latin digits, AED and the Gregorian calendar", () => {
    const locale = numberLocale("ar");
    expect(formatAed("1234567.5", locale)).toBe("AED 1,234,567.50");
    expect(formatQuantity("1250.125", locale)).toBe("1,250.125");
    const dateTime = formatDateTime("2026-03-12T21:30:00Z", "ar", "Asia/Dubai");
    expect(dateTime).not.toMatch(ARABIC_INDIC_DIGITS);
    expect(dateTime).toContain("2026");
    expect(dateTime).toContain("13");
    expect(formatDate("2026-03-12T21:30:00Z", "ar", "Asia/Dubai")).not.toMatch(ARABIC_INDIC_DIGITS);
  });
});
