import {
  containerSectionMessage,
  GRID_SHELF_CELL,
  type ImportPreviewRow,
  locationCode,
  sectionInvalidMessage,
  sectionRequiredMessage,
  shelfNotFoundMessage,
  shelfSectionDisagreeMessage,
} from "@wms/domain";
import type { PositionRow, WarehouseLayout } from "./imports.repository.ts";

/** Where a row's stock goes: a live position and how the preview shows it. */
export interface Placement {
  locationId: number;
  location: NonNullable<ImportPreviewRow["location"]>;
}

/** Why a row's Warehouse, Shelf and Section cells name no position of its warehouse. */
export interface Misplacement {
  field: "shelf" | "section";
  message: string;
}

export interface WarehouseIndex {
  layout: WarehouseLayout;
  /** "SHELF|SECTION" (section "" for a container shelf) -> position id. */
  positions: Map<string, number>;
  gridShelves: Set<string>;
  containers: Set<string>;
  /**
   * One placement per position, shared by every row stored there: rows of a large upload repeat
   * positions, and each would otherwise hold its own copy of the same location and code.
   */
  placements: Map<number, Placement>;
}

/** Finds a warehouse by its Warehouse cell: its name ignoring case and surrounding spaces, or its id. */
export function indexWarehouses(
  warehouses: WarehouseLayout[],
  positions: PositionRow[],
): (cell: string) => WarehouseIndex | undefined {
  const byId = new Map<number, WarehouseIndex>();
  const byName = new Map<string, WarehouseIndex>();
  for (const layout of warehouses) {
    const entry: WarehouseIndex = {
      layout,
      positions: new Map(),
      gridShelves: new Set(),
      containers: new Set(),
      placements: new Map(),
    };
    byId.set(layout.id, entry);
    byName.set(layout.name.trim().toLowerCase(), entry);
  }
  for (const position of positions) {
    const entry = byId.get(position.warehouseId);
    if (entry) {
      entry.positions.set(`${position.shelf}|${position.section ?? ""}`, position.id);
      (position.kind === "container" ? entry.containers : entry.gridShelves).add(position.shelf);
    }
  }
  return (cell: string): WarehouseIndex | undefined =>
    byName.get(cell.trim().toLowerCase()) ?? (/^\d{1,9}$/.test(cell) ? byId.get(Number(cell)) : undefined);
}

/** The position of the warehouse at (shelf, section), or the shelf named as not found. */
function place(warehouse: WarehouseIndex, shelf: string, section: string | null): Placement | Misplacement {
  const { layout } = warehouse;
  const id = warehouse.positions.get(`${shelf}|${section ?? ""}`);
  if (id === undefined) {
    return {
      field: "shelf",
      message: shelfNotFoundMessage(section ? `${shelf}${section}` : shelf, layout.name),
    };
  }
  let placement = warehouse.placements.get(id);
  if (!placement) {
    placement = {
      locationId: id,
      location: {
        warehouseId: layout.id,
        warehouseName: layout.name,
        shelf,
        section,
        code: locationCode(layout.name, shelf, section),
      },
    };
    warehouse.placements.set(id, placement);
  }
  return placement;
}

const twoDigits = (digits: string) => (digits.length < 2 ? digits.padStart(2, "0") : digits);

/**
 * Resolves a row's Shelf and Section cells (as written) to a live position of its warehouse. The
 * shelf cell is a container shelf's name, or shelf letters with optional digits naming the section
 * ('B3' = shelf B, section 03). Container shelves take no section (or the word CONTAINER). No
 * container shelf can be named like a grid shelf cell (product-decisions 11, containerShelfClash), so
 * the two never compete.
 */
export function resolveLocation(
  warehouse: WarehouseIndex,
  shelf: string,
  section: string,
): Placement | Misplacement {
  const { layout } = warehouse;
  const shelfCell = shelf.toUpperCase();
  const sectionCell = section.toUpperCase();
  const max = layout.sectionsPerShelf;

  if (warehouse.containers.has(shelfCell)) {
    if (sectionCell !== "" && sectionCell !== "CONTAINER") {
      return { field: "section", message: containerSectionMessage(shelfCell) };
    }
    return place(warehouse, shelfCell, null);
  }
  const match = GRID_SHELF_CELL.exec(shelfCell);
  const letters = match?.[1];
  if (!match || !letters || !warehouse.gridShelves.has(letters)) {
    return { field: "shelf", message: shelfNotFoundMessage(letters ?? shelfCell, layout.name) };
  }
  const fromShelf = match[2];
  if (fromShelf !== undefined && sectionCell !== "" && Number(fromShelf) !== Number(sectionCell)) {
    return { field: "section", message: shelfSectionDisagreeMessage(shelf, section) };
  }
  const sectionText = fromShelf ?? sectionCell;
  if (sectionText === "") {
    return { field: "section", message: sectionRequiredMessage(letters, max) };
  }
  const number = /^\d{1,3}$/.test(sectionText) ? Number(sectionText) : Number.NaN;
  if (!(number >= 1 && number <= max)) {
    return {
      field: "section",
      message: sectionInvalidMessage(/^\d+$/.test(sectionText) ? twoDigits(sectionText) : section, max),
    };
  }
  return place(warehouse, letters, String(number).padStart(2, "0"));
}
