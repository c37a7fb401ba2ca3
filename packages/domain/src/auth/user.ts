import { z } from "zod";
import { LANGUAGES, ROLES } from "./roles.ts";

export const RoleSchema = z.enum(ROLES);
export const LanguageSchema = z.enum(LANGUAGES);

export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  mustChangePassword: z.boolean(),
  language: LanguageSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
