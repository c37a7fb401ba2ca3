import { type LoadedDataset, rng } from "./dataset.ts";
import { CSRF } from "./http.ts";
import { round } from "./stats.ts";

/**
 * The bulk upload file of the benchmark: `rows` data rows under the product's header, items IMP-0000001
 * on (about three in ten in two rows, the second repeating only the number and name), each row at a
 * random position of warehouses 2 and up. Deterministic, so every run uploads the same bytes (about
 * 10 MB for 100,000 rows).
 */
export function importCsv(rows: number, dataset: LoadedDataset): { csv: string; items: number } {
  const r = rng(4242);
  const header =
    "Item Number,Name,Description,Type,Unit,Unit Price,Min Quantity,Quantity,Warehouse,Shelf,Section\n";
  const lines: string[] = [header];
  let items = 0;
  let row = 0;
  const types = ["TEA", "FINISHED", "PLM", "GPM", "OTHER"];
  while (row < rows) {
    items += 1;
    const itemNo = `IMP-${String(items).padStart(7, "0")}`;
    const name = `Imported blend ${items}`;
    const description = `Bench row ${items} lot ${r.int(100, 999)}`;
    const copies = r.next() < 0.3 && row + 2 <= rows ? 2 : 1;
    const used = new Set<number>();
    for (let c = 0; c < copies; c++) {
      const warehouseId = r.int(2, dataset.size.warehouses);
      const positions = dataset.locationsByWarehouse.get(warehouseId) ?? [];
      let position = r.pick(positions);
      while (used.has(position.id)) {
        position = r.pick(positions);
      }
      used.add(position.id);
      const first = c === 0;
      lines.push(
        `${[
          itemNo,
          name,
          first ? description : "",
          first ? r.pick(types) : "",
          first ? "pieces" : "",
          first ? `${r.int(1, 99)}.${r.int(10, 99)}` : "",
          first ? String(r.int(0, 20)) : "",
          String(r.int(1, 500)),
          dataset.warehouseNames[warehouseId - 1],
          position.shelf,
          position.section ?? "",
        ].join(",")}\n`,
      );
      row += 1;
    }
  }
  return { csv: lines.join(""), items };
}

export interface ImportAnswer {
  status: number;
  ms: number;
  /** The start of the answer, for the results when it is not the expected one. */
  body: string;
}

/**
 * Sends `csv` to POST /api/imports/preview or /commit as the web app does; a commit carries `key` as its
 * Idempotency-Key (a fresh one when none is given).
 */
export async function postImport(
  base: string,
  cookie: string,
  step: "preview" | "commit",
  csv: string,
  key = `bench-${Date.now()}`,
): Promise<ImportAnswer> {
  const start = performance.now();
  const response = await fetch(`${base}/api/imports/${step}?fileName=bench.csv`, {
    method: "POST",
    headers: {
      "content-type": "text/csv",
      cookie,
      ...CSRF,
      ...(step === "commit" ? { "idempotency-key": key } : {}),
    },
    body: csv,
    signal: AbortSignal.timeout(180_000),
  });
  const text = await response.text();
  return { status: response.status, ms: round(performance.now() - start), body: text.slice(0, 400) };
}
