import { describe, expect, it } from "vitest";
import { movementSql, pairColumns } from "./movement-replay.ts";

const pairs = [
  { itemId: 5, a: 10, b: 11 },
  { itemId: 6, a: 12, b: 13 },
];

describe("the replay's pairs", () => {
  it("are read by pgbench's k from array constants in the pairs' order (arrays count from 1)", () => {
    expect(pairColumns(pairs)).toEqual({
      item: "(array[5,6]::int[])[:k::int + 1]",
      a: "(array[10,12]::int[])[:k::int + 1]",
      b: "(array[11,13]::int[])[:k::int + 1]",
    });
  });

  it("come from the statement's own text, not a table the API's statements never read", () => {
    const columns = pairColumns(pairs);
    const text = movementSql(columns, "b", "a", 2);
    expect(text).not.toMatch(/bench_replay_pairs/);
    expect(text).toContain(`where id = any(array[${columns.item}])`);
    expect(text).toContain(`where l.id = any(array[${columns.a}, ${columns.b}])`);
    expect(text).toContain(
      `from (select ${columns.item} as item_id, ${columns.a} as a, ${columns.b} as b) p`,
    );
    expect(text).toMatch(/'from_location_id', p\.b, 'to_location_id', p\.a/);
    expect(text.startsWith("\\startpipeline\nBEGIN;")).toBe(true);
    expect(text.trimEnd().endsWith("COMMIT;\n\\endpipeline")).toBe(true);
  });
});
