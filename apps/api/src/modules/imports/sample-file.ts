import { IMPORT_COLUMNS, sectionLabel, shelfLabel, toCsv } from "@wms/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

const NUMERIC_COLUMNS = new Set(
  IMPORT_COLUMNS.flatMap((column, index) =>
    ["unitPrice", "minQuantity", "quantity"].includes(column.field) ? [index] : [],
  ),
);

/**
 * The sample upload file (RFC 4180, UTF-8 with a byte order mark, formulas neutralised): every column
 * in order, one item in two locations, an Arabic name, a quoted description holding a comma and a line
 * break, defaults left blank. It names the first live warehouse (and its first container shelf) so it
 * previews cleanly on this installation; without warehouses it names 'Main Warehouse'.
 */
export async function sampleCsv(db: Db): Promise<string> {
  const result = await db.execute<{ name: string; container: string | null }>(sql`
    select w.name,
           (select l.shelf from locations l where l.warehouse_id = w.id and l.kind = 'container'
              and l.archived_at is null order by l.shelf limit 1) as container
    from warehouses w where w.archived_at is null order by lower(w.name) limit 1`);
  const warehouse = result.rows[0]?.name ?? "Main Warehouse";
  const container = result.rows[0]?.container ?? null;
  const a = shelfLabel(1);
  const s1 = sectionLabel(1);
  const rows = [
    [
      "SAMPLE-001",
      "Green Tea Leaves",
      "Loose leaf, 1 kg bags",
      "TEA",
      "kilogram",
      "45.50",
      "10",
      "120.5",
      warehouse,
      a,
      s1,
    ],
    ["SAMPLE-001", "Green Tea Leaves", "", "", "", "", "", "30", warehouse, `${a}${1}`, ""],
    ["SAMPLE-002", "شاي أخضر", "Arabic name example", "FINISHED", "box", "12", "5", "40", warehouse, a, s1],
    [
      "SAMPLE-003",
      "Packing Tape",
      'Clear tape, 48 mm\n"heavy duty"',
      "",
      "roll",
      "3.25",
      "",
      "0",
      warehouse,
      container ?? a,
      container ? "" : s1,
    ],
  ];
  return toCsv(
    IMPORT_COLUMNS.map((column) => column.header),
    rows,
    NUMERIC_COLUMNS,
  );
}
