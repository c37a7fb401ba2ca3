import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-date.ts";

describe("dates", () => {
  it("shows times in the business time zone, not the machine's", () => {
    // 21:30 UTC is already the next day in Dubai (UTC+4).
    expect(formatDateTime("2026-03-12T21:30:00Z", "en-GB", "Asia/Dubai")).toBe("13 Mar 2026, 01:30");
    expect(formatDate("2026-03-12T21:30:00Z", "en-GB", "Asia/Dubai")).toBe("13 Mar 2026");
  });

  it("leaves an unreadable value as it is", () => {
    expect(formatDate("not a date", "en", "Asia/Dubai")).toBe("not a date");
  });
});
