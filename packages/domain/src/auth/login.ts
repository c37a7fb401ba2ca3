import { z } from "zod";
import { EmailSchema, PasswordInputSchema } from "../common/fields.ts";
import { RoleSchema, SessionUserSchema } from "./user.ts";

/** The portal a sign-in comes through; it must match the account's role (product-decisions 4). */
export const LoginRequestSchema = z.strictObject({
  portal: RoleSchema,
  email: EmailSchema,
  password: PasswordInputSchema,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const UserResponseSchema = z.object({ user: SessionUserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;
