// Plain constants (no zod), see auth/roles.ts.

/**
 * The cookie that tells the server a person's colour scheme, so the page it sends is already in it
 * (apps/api/src/http/spa.ts) and no script has to run before the first paint to apply it (decision
 * 028). The web app writes it (apps/web/src/app/color-scheme-manager.ts); a preference, not a secret.
 */
export const COLOR_SCHEME_COOKIE = "wms_color_scheme";

/** The schemes a page can be sent in; "auto" (follow the system) is not one, as only the browser knows it. */
export const PAGE_COLOR_SCHEMES = ["light", "dark"] as const;
export type PageColorScheme = (typeof PAGE_COLOR_SCHEMES)[number];

/** The scheme a cookie's (or storage's) value names, or undefined for anything else. */
export function pageColorScheme(value: unknown): PageColorScheme | undefined {
  return (PAGE_COLOR_SCHEMES as readonly unknown[]).includes(value) ? (value as PageColorScheme) : undefined;
}
