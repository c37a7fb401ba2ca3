import { describe, expect, it } from "vitest";
import { planLayout } from "./layout-plan.ts";
import type { PositionRow } from "./warehouses.repository.ts";

let nextId = 1;
function grid(shelves: string[], sections: string[], archived = false): PositionRow[] {
  return shelves.flatMap((shelf) =>
    sections.map((section) => ({ id: nextId++, kind: "grid" as const, shelf, section, archived })),
  );
}

describe("planning a layout change", () => {
  it("creates every position of a new warehouse", () => {
    const plan = planLayout([], 2, 3);
    expect(plan.create.map((p) => `${p.shelf}${p.section}`)).toEqual([
      "A01",
      "A02",
      "A03",
      "B01",
      "B02",
      "B03",
    ]);
    expect(plan.remove).toEqual([]);
  });

  it("removes the positions a smaller layout drops and keeps the rest", () => {
    const existing = grid(["A", "B", "C"], ["01", "02"]);
    const plan = planLayout(existing, 2, 1);
    expect(plan.create).toEqual([]);
    expect(plan.remove.map((p) => `${p.shelf}${p.section}`)).toEqual(["A02", "B02", "C01", "C02"]);
  });

  it("restores archived positions instead of creating them twice", () => {
    const live = grid(["A"], ["01"]);
    const archived = grid(["A"], ["02"], true);
    const plan = planLayout([...live, ...archived], 1, 3);
    expect(plan.restore).toEqual(archived.map((p) => p.id));
    expect(plan.create.map((p) => `${p.shelf}${p.section}`)).toEqual(["A03"]);
  });

  it("never removes container shelves", () => {
    const existing: PositionRow[] = [
      ...grid(["A"], ["01"]),
      { id: nextId++, kind: "container", shelf: "COLD", section: null, archived: false },
      { id: nextId++, kind: "container", shelf: "AA", section: null, archived: false },
    ];
    expect(planLayout(existing, 1, 1).remove).toEqual([]);
    expect(planLayout(existing, 27, 1).remove).toEqual([]);
  });
});
