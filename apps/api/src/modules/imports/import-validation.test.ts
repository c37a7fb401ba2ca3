import { describe, expect, it } from "vitest";
import { checkEveryRow, checkUpload, readAndPlan } from "./import-validation.ts";

const HEADER = "Item Number,Name,Unit,Quantity,Warehouse,Shelf,Section";
/** Enough rows and items for several of the reading's slices, item planning's turns and check turns. */
const ROWS = 6_500;

function upload(): Buffer {
  const lines = Array.from(
    { length: ROWS },
    (_, index) => `T-${index + 1},Tea ${index + 1},kilogram,2,Main,A,01`,
  );
  return Buffer.from(`${HEADER}\n${lines.join("\n")}\n`);
}

/** Counts the turns the event loop takes while `work` runs. */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (!done) {
      turns += 1;
      setImmediate(turn);
    }
  };
  setImmediate(turn);
  await work();
  done = true;
  return turns;
}

describe("reading and checking a large upload", () => {
  it("lets the event loop take turns while it plans the items, not only while it parses", async () => {
    const body = upload();
    let items = 0;
    const turns = await turnsDuring(async () => {
      items = (await readAndPlan("tea.csv", body)).items.plans.length;
    });
    expect(items).toBe(ROWS);
    // The parsing gives three turns (slices of 2,000 records) and the planning three (2,000 items
    // each): a planning that held the process throughout would leave three.
    expect(turns).toBeGreaterThanOrEqual(6);
  });

  it("checks every row in file order, with turns of the event loop between parts", async () => {
    const checked = checkUpload(await readAndPlan("tea.csv", upload()), {
      existingItemKeys: new Set(["t-2"]),
      warehouses: [{ id: 1, name: "Main", sectionsPerShelf: 1 }],
      positions: [{ id: 10, warehouseId: 1, kind: "grid", shelf: "A", section: "01" }],
    });
    const rows: number[] = [];
    const placed = new Set<number | undefined>();
    const errors: string[] = [];
    const turns = await turnsDuring(() =>
      checkEveryRow(checked, (row) => {
        rows.push(row.row);
        placed.add(row.placement?.locationId);
        errors.push(...row.errors.map((error) => `${error.row}: ${error.message}`));
      }),
    );
    expect(rows).toEqual(Array.from({ length: ROWS }, (_, index) => index + 1));
    expect(placed).toEqual(new Set([10]));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^2: /);
    // 65 parts of a hundred rows, a turn after every twenty.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
