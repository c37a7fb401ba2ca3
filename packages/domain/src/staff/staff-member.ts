import { z } from "zod";
import { EmailSchema, NewPasswordSchema, PersonNameSchema } from "../common/fields.ts";

/** An account as an admin sees it in Staff Management: never a password or hash. */
export const AccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["admin", "staff"]),
  mustChangePassword: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

export const ListStaffResponseSchema = z.object({
  staff: z.array(AccountSchema),
  limit: z.number().int(),
});
export type ListStaffResponse = z.infer<typeof ListStaffResponseSchema>;

export const ListAdminsResponseSchema = z.object({ admins: z.array(AccountSchema) });
export type ListAdminsResponse = z.infer<typeof ListAdminsResponseSchema>;

/** Add Staff and add Administrator share one form: full name, email, first password. */
export const CreateAccountRequestSchema = z.strictObject({
  name: PersonNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type CreateAccountRequest = z.infer<typeof CreateAccountRequestSchema>;

export const ResetPasswordRequestSchema = z.strictObject({ password: NewPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
