import { describe, expect, it } from "vitest";
import { auditDiff, hasDetails } from "./audit-diff.ts";

describe("audit diff", () => {
  it("puts the changed fields of an update first, then what stayed", () => {
    const diff = auditDiff(
      { itemNo: "T-1", name: "Green tea", unitPrice: "12.50", minStock: 4 },
      { itemNo: "T-1", name: "Black tea", unitPrice: "12.50", minStock: null, colour: "dark" },
    );
    expect(diff).toEqual([
      { field: "name", before: "Green tea", after: "Black tea", kind: "changed" },
      { field: "minStock", before: "4", after: "null", kind: "changed" },
      { field: "colour", before: null, after: "dark", kind: "added" },
      { field: "itemNo", before: "T-1", after: "T-1", kind: "unchanged" },
      { field: "unitPrice", before: "12.50", after: "12.50", kind: "unchanged" },
    ]);
  });

  it("shows a create's fields as added and a delete's as removed, nested ones by their path", () => {
    expect(auditDiff(null, { name: "W1", size: { rows: 3, sections: [1, 2] } })).toEqual([
      { field: "name", before: null, after: "W1", kind: "added" },
      { field: "size.rows", before: null, after: "3", kind: "added" },
      { field: "size.sections", before: null, after: "[1,2]", kind: "added" },
    ]);
    expect(auditDiff({ reason: "Count" }, null)).toEqual([
      { field: "reason", before: "Count", after: null, kind: "removed" },
    ]);
    expect(auditDiff(null, "plain")).toEqual([
      { field: "value", before: null, after: "plain", kind: "added" },
    ]);
  });

  it("knows an entry with nothing recorded", () => {
    expect(hasDetails(null, null)).toBe(false);
    expect(hasDetails({}, null)).toBe(false);
    expect(hasDetails(null, { a: 1 })).toBe(true);
  });
});
