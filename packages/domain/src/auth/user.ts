import { z } from "zod";

export const ROLES = ["admin", "staff"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const LANGUAGES = ["en", "ar"] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  mustChangePassword: z.boolean(),
  language: LanguageSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Where each role's screens live in the web app (spec section 6). */
export const ROLE_BASE_PATH: Record<Role, string> = {
  admin: "/wmscontrolpaneladmin",
  staff: "/staff",
};
