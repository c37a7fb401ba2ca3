import type { GridPosition, WarehouseGridResponse } from "@wms/domain";
import { locationCode, sectionLabels, shelfLabels } from "@wms/domain";

/** A position of the layout: a grid cell (shelf + section) or a container shelf (section null). */
export interface GridTarget {
  kind: "grid" | "container";
  shelf: string;
  section: string | null;
  /** Its totals; null while empty. */
  position: GridPosition | null;
}

/** The server's matches of a search: the positions (location ids) holding a matching item. */
export interface GridSearchResult {
  term: string;
  locationIds: ReadonlySet<number>;
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

/** The location code shown in titles: warehouse + shelf + section. */
export function targetCode(warehouseName: string, target: Pick<GridTarget, "shelf" | "section">): string {
  return locationCode(warehouseName, target.shelf, target.section);
}
