import type { CsvCell, PositionContents, WarehouseInventoryResponse, WarehouseSummary } from "@wms/domain";
import { shelfLabels, toCsv } from "@wms/domain";

/** The spec's export columns (section 3), with Section as in the inventory export. */
export const EXPORT_HEADERS = [
  "Item Number",
  "Name",
  "Description",
  "Type",
  "Unit",
  "Unit Price",
  "Quantity",
  "Warehouse",
  "Shelf",
  "Section",
];
/** Unit Price and Quantity stay numbers; every other column is text and is neutralised (PD 17). */
const NUMERIC_COLUMNS: ReadonlySet<number> = new Set([5, 6]);

type Place = Pick<PositionContents, "kind" | "shelf" | "section">;

function positionRows(warehouseName: string, position: Place & Pick<PositionContents, "items">): CsvCell[][] {
  return [...position.items]
    .sort((a, b) => a.itemNo.localeCompare(b.itemNo))
    .map((item) => [
      item.itemNo,
      item.name,
      item.description,
      item.type,
      item.unit,
      item.unitPrice,
      item.quantity,
      warehouseName,
      position.shelf,
      position.section ?? "",
    ]);
}

/** Grid positions in layout order (shelf A, B ..., then section), then container shelves in theirs. */
export function orderedPositions<T extends Place>(
  warehouse: Pick<WarehouseSummary, "maxShelves" | "containerShelves">,
  positions: readonly T[],
): T[] {
  const shelfOrder = new Map(shelfLabels(warehouse.maxShelves).map((shelf, index) => [shelf, index]));
  const containerOrder = new Map(warehouse.containerShelves.map((shelf, index) => [shelf, index]));
  const rank = (position: T) =>
    position.kind === "grid"
      ? (shelfOrder.get(position.shelf) ?? 0)
      : shelfOrder.size + (containerOrder.get(position.shelf) ?? 0);
  return [...positions].sort((a, b) => rank(a) - rank(b) || (a.section ?? "").localeCompare(b.section ?? ""));
}

/** The inventory export: one row per item per position, in layout order. */
export function inventoryCsv({ warehouse, positions }: WarehouseInventoryResponse): string {
  const rows = orderedPositions(warehouse, positions).flatMap((position) =>
    positionRows(warehouse.name, position),
  );
  return toCsv(EXPORT_HEADERS, rows, NUMERIC_COLUMNS);
}

/** One location's export: the items it holds. */
export function locationCsv(warehouseName: string, position: PositionContents): string {
  return toCsv(EXPORT_HEADERS, positionRows(warehouseName, position), NUMERIC_COLUMNS);
}

export function inventoryFileName(warehouseName: string): string {
  return `${warehouseName}_Inventory.csv`;
}

/** "{warehouse}_{shelf}{section}.csv" (a container shelf has no section). */
export function locationFileName(warehouseName: string, shelf: string, section: string | null): string {
  return `${warehouseName}_${shelf}${section ?? ""}.csv`;
}
