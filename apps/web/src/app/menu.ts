import type { Role } from "@wms/domain";

export type MenuIcon = "dashboard" | "warehouses" | "items" | "staff" | "movements" | "reports" | "audit";

export interface MenuEntry {
  /** The path segment under the role's base path, e.g. "dashboard". */
  segment: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: MenuIcon;
  /** Whether the screen exists yet; later work flips entries on as their screens land. */
  enabled: boolean;
}

/** Every menu entry of the specification (and product-decisions 1), in menu order. */
export const MENU: Record<Role, readonly MenuEntry[]> = {
  admin: [
    { segment: "dashboard", labelKey: "nav.dashboard", icon: "dashboard", enabled: true },
    { segment: "warehouses", labelKey: "nav.warehouses", icon: "warehouses", enabled: true },
    { segment: "items", labelKey: "nav.items", icon: "items", enabled: true },
    { segment: "staff", labelKey: "nav.staff", icon: "staff", enabled: true },
    { segment: "movements", labelKey: "nav.movements", icon: "movements", enabled: true },
    { segment: "reports", labelKey: "nav.reports", icon: "reports", enabled: true },
    { segment: "audit", labelKey: "nav.audit", icon: "audit", enabled: true },
  ],
  staff: [
    { segment: "dashboard", labelKey: "nav.dashboard", icon: "dashboard", enabled: true },
    { segment: "warehouse", labelKey: "nav.warehouse", icon: "warehouses", enabled: true },
    { segment: "items", labelKey: "nav.items", icon: "items", enabled: true },
    { segment: "movements", labelKey: "nav.movements", icon: "movements", enabled: true },
  ],
};

/**
 * Whether the per-item history screen ({base}/items/{id}/history) exists yet. While false, item cards
 * show no history link; the next issue builds the screen and flips this.
 */
export const ITEM_HISTORY_SCREEN_READY = true;

/** The screens reachable under a role's base path besides the menu: the account (change password). */
export const ACCOUNT_SEGMENT = "account";

export function visibleMenu(role: Role): MenuEntry[] {
  return MENU[role].filter((entry) => entry.enabled);
}

/** Path segments of the screens that exist in a role's area. */
export function screenSegments(role: Role): Set<string> {
  return new Set([...visibleMenu(role).map((entry) => entry.segment), ACCOUNT_SEGMENT]);
}
