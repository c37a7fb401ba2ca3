/** Distinct texts a pool keeps at most: beyond that, new texts are returned as they are, unshared. */
const MAX_ENTRIES = 50_000;

/**
 * One shared string per distinct text of an upload's repetitive columns (warehouse, shelf, section,
 * type, unit, amounts). The CSV parser makes a new string for every cell, so a 100,000-row file would
 * otherwise hold 100,000 copies of "pieces" and of each warehouse name for as long as its rows live.
 * The cap keeps a column whose cells are all different from growing a large table that saves nothing.
 */
export class StringPool {
  private readonly strings = new Map<string, string>();

  intern(text: string): string {
    const shared = this.strings.get(text);
    if (shared !== undefined) {
      return shared;
    }
    if (this.strings.size < MAX_ENTRIES) {
      this.strings.set(text, text);
    }
    return text;
  }
}
