import type { CsvCell, GridPosition, WarehouseGridResponse, WarehouseSummary } from "@wms/domain";
import { locationCode, sectionLabels, shelfLabels, toCsv } from "@wms/domain";

/** A position of the layout: a grid cell (shelf + section) or a container shelf (section null). */
export interface GridTarget {
  kind: "grid" | "container";
  shelf: string;
  section: string | null;
  /** What it holds; null while empty. */
  position: GridPosition | null;
}

/** The key of a position within one warehouse: "A|01", or "COLD|" for a container shelf. */
export function positionKey(shelf: string, section: string | null): string {
  return `${shelf}|${section ?? ""}`;
}

export interface GridModel {
  shelves: string[];
  sections: string[];
  containerShelves: string[];
  /** Occupied positions by positionKey. */
  occupied: Map<string, GridPosition>;
}

/** The layout (every shelf x section and container shelf) with the occupied positions looked up. */
export function buildGridModel({ warehouse, positions }: WarehouseGridResponse): GridModel {
  const occupied = new Map<string, GridPosition>();
  for (const position of positions) {
    occupied.set(positionKey(position.shelf, position.section), position);
  }
  return {
    shelves: shelfLabels(warehouse.maxShelves),
    sections: sectionLabels(warehouse.sectionsPerShelf),
    containerShelves: warehouse.containerShelves,
    occupied,
  };
}

/** The positions holding an item whose number or name contains the term (case-insensitive). */
export function matchingKeys(positions: readonly GridPosition[], term: string): Set<string> {
  const needle = term.trim().toLocaleLowerCase();
  const keys = new Set<string>();
  if (needle === "") {
    return keys;
  }
  for (const position of positions) {
    const hit = position.items.some(
      (item) =>
        item.itemNo.toLocaleLowerCase().includes(needle) || item.name.toLocaleLowerCase().includes(needle),
    );
    if (hit) {
      keys.add(positionKey(position.shelf, position.section));
    }
  }
  return keys;
}

/** Whether a position holds some of an item (the selectable sources of an outgoing movement). */
export function holdsItem(position: GridPosition | null, itemId: number): boolean {
  return position?.items.some((item) => item.itemId === itemId && Number(item.quantity) > 0) ?? false;
}

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

function positionRows(warehouseName: string, position: GridPosition): CsvCell[][] {
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
export function orderedPositions(
  warehouse: Pick<WarehouseSummary, "maxShelves" | "containerShelves">,
  positions: readonly GridPosition[],
): GridPosition[] {
  const shelfOrder = new Map(shelfLabels(warehouse.maxShelves).map((shelf, index) => [shelf, index]));
  const containerOrder = new Map(warehouse.containerShelves.map((shelf, index) => [shelf, index]));
  const rank = (position: GridPosition) =>
    position.kind === "grid"
      ? (shelfOrder.get(position.shelf) ?? 0)
      : shelfOrder.size + (containerOrder.get(position.shelf) ?? 0);
  return [...positions].sort((a, b) => rank(a) - rank(b) || (a.section ?? "").localeCompare(b.section ?? ""));
}

/** The inventory export: one row per item per position, in layout order. */
export function inventoryCsv({ warehouse, positions }: WarehouseGridResponse): string {
  const rows = orderedPositions(warehouse, positions).flatMap((position) =>
    positionRows(warehouse.name, position),
  );
  return toCsv(EXPORT_HEADERS, rows, NUMERIC_COLUMNS);
}

/** One location's export: the items it holds. */
export function locationCsv(warehouseName: string, position: GridPosition): string {
  return toCsv(EXPORT_HEADERS, positionRows(warehouseName, position), NUMERIC_COLUMNS);
}

export function inventoryFileName(warehouseName: string): string {
  return `${warehouseName}_Inventory.csv`;
}

/** "{warehouse}_{shelf}{section}.csv" (a container shelf has no section). */
export function locationFileName(warehouseName: string, shelf: string, section: string | null): string {
  return `${warehouseName}_${shelf}${section ?? ""}.csv`;
}

/** The location code shown in titles: warehouse + shelf + section. */
export function targetCode(warehouseName: string, target: Pick<GridTarget, "shelf" | "section">): string {
  return locationCode(warehouseName, target.shelf, target.section);
}
