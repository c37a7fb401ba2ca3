import { z } from "zod";
import { EmailSchema, NewPasswordSchema, PersonNameSchema } from "../common/fields.ts";

export const SetupStatusResponseSchema = z.object({ required: z.boolean() });
export type SetupStatusResponse = z.infer<typeof SetupStatusResponseSchema>;

export const CreateFirstAdminRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  name: PersonNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type CreateFirstAdminRequest = z.infer<typeof CreateFirstAdminRequestSchema>;
