import { MESSAGES } from "../common/messages.ts";

/**
 * The warehouse layout vocabulary (spec section 3): shelves are labelled A..Z, then AA, AB ... AZ, BA ...;
 * sections are numbered 01..NN; a location code is the warehouse name, the shelf and the 2-digit
 * section. Container shelves have a name and no section.
 */
export const MAX_SHELVES = 100;
export const MAX_SECTIONS_PER_SHELF = 20;
export const DEFAULT_SHELVES = 10;
export const DEFAULT_SECTIONS_PER_SHELF = 3;

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The label of the shelf at 1-based position `index`: 1 -> A, 26 -> Z, 27 -> AA, 100 -> CV. */
export function shelfLabel(index: number): string {
  if (!Number.isInteger(index) || index < 1 || index > 26 + 26 * 26) {
    throw new RangeError(`Shelf index out of range: ${index}`);
  }
  if (index <= 26) {
    return LETTERS.charAt(index - 1);
  }
  const rest = index - 27;
  return LETTERS.charAt(Math.floor(rest / 26)) + LETTERS.charAt(rest % 26);
}

/** All shelf labels of a warehouse with `count` shelves, in layout order. */
export function shelfLabels(count: number): string[] {
  return Array.from({ length: count }, (_, i) => shelfLabel(i + 1));
}

/** The 2-digit section label: 1 -> "01". */
export function sectionLabel(section: number): string {
  if (!Number.isInteger(section) || section < 1 || section > 99) {
    throw new RangeError(`Section out of range: ${section}`);
  }
  return String(section).padStart(2, "0");
}

export function sectionLabels(count: number): string[] {
  return Array.from({ length: count }, (_, i) => sectionLabel(i + 1));
}

/** Location code: warehouse name + shelf + 2-digit section; a container shelf has no section. */
export function locationCode(warehouseName: string, shelf: string, section: string | null): string {
  return `${warehouseName}${shelf}${section ?? ""}`;
}

/**
 * A shelf cell as bulk upload reads it, and as a person reads the tail of a location code: shelf
 * letters, optionally followed by a section number ('B', 'B3', 'B03', 'B 03').
 */
export const GRID_SHELF_CELL = /^([A-Z]+)\s*(\d+)?$/;

/**
 * Product-decisions 11: every location code stays unambiguous. A container shelf may not be named
 * like one of the warehouse's grid shelves, nor like such a shelf followed by a number: container
 * 'A01' would have the code {WH}A01, which is also grid shelf A, section 01, and bulk upload reads
 * 'A01' either way. The rule looks at shelves only, never at sections, so adding sections can never
 * make an existing container name ambiguous; adding shelves can (see layoutContainerClashes).
 *
 * Returns the grid shelf label that `name` (already upper-cased) reads as, or null when it is free.
 */
export function containerShelfClash(name: string, maxShelves: number): string | null {
  const letters = GRID_SHELF_CELL.exec(name)?.[1];
  if (!letters || letters.length > 2) {
    return null;
  }
  return shelfLabels(Math.min(maxShelves, MAX_SHELVES)).includes(letters) ? letters : null;
}

/** Why a container shelf name is refused in a warehouse of `maxShelves` shelves, or null when it is free. */
export function containerShelfNameProblem(name: string, maxShelves: number): string | null {
  const shelf = containerShelfClash(name, maxShelves);
  if (shelf === null) {
    return null;
  }
  return shelf === name ? MESSAGES.containerShelfIsGridShelf : MESSAGES.containerShelfLooksLikePosition;
}

export interface ContainerClash {
  container: string;
  shelf: string;
}

/**
 * The container shelves a layout change from `fromShelves` to `toShelves` shelves would make
 * ambiguous: those named like a shelf the change adds (container 'K' or 'K01' when 10 shelves grow to
 * 11). Such a change is refused; a clash with a shelf the warehouse already had is not this change's
 * doing and never blocks an edit.
 */
export function layoutContainerClashes(
  containers: readonly string[],
  fromShelves: number,
  toShelves: number,
): ContainerClash[] {
  const existing = new Set(shelfLabels(Math.min(fromShelves, MAX_SHELVES)));
  const clashes: ContainerClash[] = [];
  for (const container of containers) {
    const shelf = containerShelfClash(container, toShelves);
    if (shelf !== null && !existing.has(shelf)) {
      clashes.push({ container, shelf });
    }
  }
  return clashes;
}
