import { describe, expect, it } from "vitest";
import {
  auditQueryString,
  hasActiveFilters,
  NO_AUDIT_FILTERS,
  parseAuditFilters,
  withFrom,
  withTo,
} from "./audit-filters.ts";

describe("audit filters", () => {
  it("reads what the URL says and ignores what the server would refuse", () => {
    const filters = parseAuditFilters(
      new URLSearchParams(
        "entity=item&action=DROP&actorId=0&from=2026-01-05&to=2026-01-01&page=3&search=+tea+",
      ),
    );
    expect(filters).toEqual({
      entity: "item",
      action: null,
      actorId: null,
      from: "2026-01-05",
      to: "2026-01-05",
      search: "tea",
      page: 3,
    });
    expect(parseAuditFilters(new URLSearchParams("actorId=7&page=-1"))).toMatchObject({
      actorId: 7,
      page: 1,
    });
  });

  it("asks the server with every set filter, and the CSV without the page", () => {
    const filters = { ...NO_AUDIT_FILTERS, entity: "warehouse", actorId: 4, from: "2026-02-01", page: 2 };
    expect(auditQueryString(filters)).toBe("?entity=warehouse&actorId=4&from=2026-02-01&page=2");
    expect(auditQueryString(filters, false)).toBe("?entity=warehouse&actorId=4&from=2026-02-01");
    expect(auditQueryString(NO_AUDIT_FILTERS)).toBe("");
  });

  it("keeps the period in order and goes back to page 1 on a change", () => {
    const filters = { ...NO_AUDIT_FILTERS, from: "2026-03-01", to: "2026-03-10", page: 4 };
    expect(withFrom(filters, "2026-03-20")).toMatchObject({ from: "2026-03-20", to: "2026-03-20", page: 1 });
    expect(withTo(filters, "2026-02-01")).toMatchObject({ from: "2026-02-01", to: "2026-02-01" });
    expect(withTo(filters, "")).toMatchObject({ from: "2026-03-01", to: "" });
    expect(hasActiveFilters({ ...NO_AUDIT_FILTERS, page: 5 })).toBe(false);
    expect(hasActiveFilters(filters)).toBe(true);
  });
});
