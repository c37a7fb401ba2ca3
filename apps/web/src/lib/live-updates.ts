/** A committed write, as GET /api/events announces it. */
export interface ChangeEvent {
  entity: string;
  id: string;
  action: string;
}

/**
 * Which cached queries a change makes stale, by query-key prefix (the first element of every key).
 * Stock changes touch every screen that shows quantities or values; people changes the lists of
 * people. `null` means everything: the server asks for a full refetch after it may have missed events.
 */
const STOCK_VIEWS = [
  "movements",
  "items",
  "item-history",
  "dashboard",
  "warehouses",
  "warehouse-grid",
  "locations",
  "reports",
];

const AFFECTED: Record<string, string[]> = {
  stock_movement: STOCK_VIEWS,
  purchase: STOCK_VIEWS,
  import: STOCK_VIEWS,
  item: STOCK_VIEWS,
  warehouse: ["warehouses", "warehouse-grid", "locations", "dashboard", "items", "reports"],
  user: ["staff", "admins", "people", "dashboard"],
};

export function queriesToRefresh(event: ChangeEvent, currentUserId: number | null): string[] | null {
  if (event.action === "resync" || event.entity === "*") {
    return null;
  }
  const affected = AFFECTED[event.entity];
  if (!affected) {
    return [];
  }
  // Every announced change wrote its audit row in the same transaction, so the audit log is stale too.
  const prefixes = [...affected, "audit"];
  if (event.entity === "user" && currentUserId !== null && event.id === String(currentUserId)) {
    prefixes.push("session");
  }
  return prefixes;
}

/** Merges the prefixes of several events (a burst is refreshed once); null wins. */
export function mergeRefreshes(current: Set<string> | null, next: string[] | null): Set<string> | null {
  if (current === null || next === null) {
    return null;
  }
  for (const prefix of next) {
    current.add(prefix);
  }
  return current;
}
