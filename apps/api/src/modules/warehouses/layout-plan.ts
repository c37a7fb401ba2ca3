import { sectionLabels, shelfLabels } from "@wms/domain";
import type { PositionRow } from "./warehouses.repository.ts";

export interface LayoutPlan {
  /** Grid positions to create (never existed). */
  create: Array<{ kind: "grid"; shelf: string; section: string }>;
  /** Archived grid positions the new layout brings back. */
  restore: number[];
  /** Live grid positions the new layout no longer has. */
  remove: PositionRow[];
}

const key = (shelf: string, section: string | null) => `${shelf}\u0000${section ?? ""}`;

/**
 * What changing a warehouse to `maxShelves` x `sectionsPerShelf` does to its position rows. Pure, so
 * the rules are tested without a database: positions are restored rather than duplicated and container
 * shelves are never touched. Whether the new shelves clash with container shelves' names is the
 * domain's rule (layoutContainerClashes), checked before this plan is applied.
 */
export function planLayout(
  existing: PositionRow[],
  maxShelves: number,
  sectionsPerShelf: number,
): LayoutPlan {
  const targetShelves = shelfLabels(maxShelves);
  const target = new Set(
    targetShelves.flatMap((shelf) => sectionLabels(sectionsPerShelf).map((s) => key(shelf, s))),
  );
  const grid = existing.filter((position) => position.kind === "grid");
  const byKey = new Map(grid.map((position) => [key(position.shelf, position.section), position]));

  const create: LayoutPlan["create"] = [];
  const restore: number[] = [];
  for (const shelf of targetShelves) {
    for (const section of sectionLabels(sectionsPerShelf)) {
      const found = byKey.get(key(shelf, section));
      if (!found) {
        create.push({ kind: "grid", shelf, section });
      } else if (found.archived) {
        restore.push(found.id);
      }
    }
  }
  const remove = grid.filter(
    (position) => !position.archived && !target.has(key(position.shelf, position.section)),
  );
  return { create, restore, remove };
}
