import { z } from "zod";
import { NewPasswordSchema, PasswordInputSchema } from "../common/fields.ts";
import { LanguageSchema } from "./user.ts";

export const ChangePasswordRequestSchema = z.strictObject({
  currentPassword: PasswordInputSchema,
  newPassword: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** The signed-in person's preferences (today: the interface language). */
export const UpdatePreferencesRequestSchema = z.strictObject({ language: LanguageSchema });
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequestSchema>;
