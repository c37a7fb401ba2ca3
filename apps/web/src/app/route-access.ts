import type { Role, SessionUser } from "@wms/domain";
import { ROLE_BASE_PATH } from "@wms/domain";
import { ACCOUNT_SEGMENT, ITEM_HISTORY_SCREEN_READY, screenSegments } from "./menu.ts";

export const UNAUTHORIZED_PATH = "/unauthorized";
export const SETUP_PATH = "/setup";

/** Passed to /unauthorized so its "Return to Login" link leads to the area the user tried to open. */
export interface UnauthorizedState {
  area: Role;
}

export type AccessDecision = { kind: "allow" } | { kind: "redirect"; to: string; state?: UnauthorizedState };

const ALLOW: AccessDecision = { kind: "allow" };

function redirect(to: string, state?: UnauthorizedState): AccessDecision {
  return state ? { kind: "redirect", to, state } : { kind: "redirect", to };
}

export function loginPath(role: Role): string {
  return `${ROLE_BASE_PATH[role]}/login`;
}

export function accountPath(role: Role): string {
  return `${ROLE_BASE_PATH[role]}/${ACCOUNT_SEGMENT}`;
}

/** The first screen of a role's area (spec section 2). */
export function areaHomePath(role: Role): string {
  return role === "admin" ? `${ROLE_BASE_PATH.admin}/dashboard` : `${ROLE_BASE_PATH.staff}/warehouse`;
}

/** Where a signed-in user belongs: the account page while a password change is owed, else their home. */
export function homePath(user: Pick<SessionUser, "role" | "mustChangePassword">): string {
  return user.mustChangePassword ? accountPath(user.role) : areaHomePath(user.role);
}

/** The role area a path lies in, if any. */
export function areaOf(pathname: string): Role | null {
  for (const role of ["admin", "staff"] as const) {
    const base = ROLE_BASE_PATH[role];
    if (pathname === base || pathname.startsWith(`${base}/`)) {
      return role;
    }
  }
  return null;
}

/** An item's history screen under a role's base path: items/{positive id}/history. */
const ITEM_HISTORY_PATH = /^items\/[1-9]\d{0,9}\/history$/;

/** A warehouse's layout view (View Layout), admin only: warehouses/{positive id}. */
const WAREHOUSE_LAYOUT_PATH = /^warehouses\/[1-9]\d{0,9}$/;

/** Whether a path under a role's base path (without the base) is a screen that exists. */
function isScreen(role: Role, rest: string): boolean {
  return (
    screenSegments(role).has(rest) ||
    (ITEM_HISTORY_SCREEN_READY && ITEM_HISTORY_PATH.test(rest)) ||
    (role === "admin" && WAREHOUSE_LAYOUT_PATH.test(rest))
  );
}

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * The single place deciding who may open which path (spec section 2, product-decisions 1 and 3):
 * - `/`: signed-in users go to their home; others see the landing page.
 * - `/unauthorized`, `/setup`: public.
 * - `{base}/login`: public; a user already signed in with that role goes to their home.
 * - other paths of an area: no user -> the area's login page; wrong role -> /unauthorized;
 *   a password change owed -> `{base}/account`; unknown sub-path -> the area's home.
 * - any other path: `/` (which then applies its own rule).
 */
export function decideAccess(rawPathname: string, user: SessionUser | null): AccessDecision {
  const pathname = normalize(rawPathname);
  if (pathname === "/") {
    return user ? redirect(homePath(user)) : ALLOW;
  }
  if (pathname === UNAUTHORIZED_PATH || pathname === SETUP_PATH) {
    return ALLOW;
  }
  const area = areaOf(pathname);
  if (area === null) {
    return redirect("/");
  }
  if (pathname === loginPath(area)) {
    return user && user.role === area ? redirect(homePath(user)) : ALLOW;
  }
  if (!user) {
    return redirect(loginPath(area));
  }
  if (user.role !== area) {
    return redirect(UNAUTHORIZED_PATH, { area });
  }
  if (user.mustChangePassword) {
    return pathname === accountPath(area) ? ALLOW : redirect(accountPath(area));
  }
  const rest = pathname.slice(ROLE_BASE_PATH[area].length + 1);
  return isScreen(area, rest) ? ALLOW : redirect(areaHomePath(area));
}

/** The login page the "Return to Login" link of /unauthorized leads to. */
export function returnToLoginPath(state: unknown): string {
  if (typeof state === "object" && state !== null && "area" in state) {
    const { area } = state as { area: unknown };
    if (area === "admin" || area === "staff") {
      return loginPath(area);
    }
  }
  return loginPath("staff");
}
