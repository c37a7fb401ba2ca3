/*
 * Plain constants (no zod) so a module that needs only these, like the web app's entry, does not
 * pull the schema library into its bundle.
 */
export const ROLES = ["admin", "staff"] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where each role's screens live in the web app (spec section 6). */
export const ROLE_BASE_PATH: Record<Role, string> = {
  admin: "/wmscontrolpaneladmin",
  staff: "/staff",
};
