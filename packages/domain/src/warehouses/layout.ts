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
