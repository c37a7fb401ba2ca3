import { z } from "zod";
import { EmailSchema, PasswordInputSchema } from "../common/fields.ts";
import { requiredText } from "../common/text.ts";
import {
  DEFAULT_SECTIONS_PER_SHELF,
  DEFAULT_SHELVES,
  MAX_SECTIONS_PER_SHELF,
  MAX_SHELVES,
} from "./layout.ts";

/**
 * The admin credentials re-entered for sensitive warehouse actions (product-decisions 6). They travel
 * with the action itself and are checked on the server against an active admin.
 */
export const AdminCredentialsSchema = z.strictObject({ email: EmailSchema, password: PasswordInputSchema });
export type AdminCredentials = z.infer<typeof AdminCredentialsSchema>;

/**
 * A count typed into a form: a JSON number, or a string holding one (a number input's text). Unlike
 * z.coerce it refuses what is not a number at all: true would otherwise pass as 1, [5] as 5.
 */
function countInput(label: string, max: number, fallback: number) {
  const range = `${label} must be between 1 and ${max}`;
  return z
    .preprocess(
      (value) => (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .min(1, range)
        .max(max, range),
    )
    .default(fallback);
}

export const WarehouseLayoutSchema = z.strictObject({
  name: requiredText("Name", 60),
  location: requiredText("Location", 200),
  maxShelves: countInput("Shelves", MAX_SHELVES, DEFAULT_SHELVES),
  sectionsPerShelf: countInput("Sections per shelf", MAX_SECTIONS_PER_SHELF, DEFAULT_SECTIONS_PER_SHELF),
});

export const CreateWarehouseRequestSchema = WarehouseLayoutSchema;
export type CreateWarehouseRequest = z.input<typeof CreateWarehouseRequestSchema>;

export const UpdateWarehouseRequestSchema = z.strictObject({
  credentials: AdminCredentialsSchema,
  warehouse: WarehouseLayoutSchema,
});
export type UpdateWarehouseRequest = z.input<typeof UpdateWarehouseRequestSchema>;

export const CredentialsRequestSchema = z.strictObject({ credentials: AdminCredentialsSchema });
export type CredentialsRequest = z.infer<typeof CredentialsRequestSchema>;

/** Container shelf names are upper-cased; letters, digits, spaces and dashes keep codes readable. */
export const ContainerShelfNameSchema = requiredText("Container shelf name", 30)
  .transform((name) => name.toUpperCase())
  .refine((name) => /^[\p{Lu}\p{N}][\p{Lu}\p{N} _-]*$/u.test(name), {
    message: "Container shelf name may hold letters, digits, spaces, dashes and underscores",
  });

export const AddContainerShelfRequestSchema = z.strictObject({ name: ContainerShelfNameSchema });
export type AddContainerShelfRequest = z.input<typeof AddContainerShelfRequestSchema>;

export const ContainerShelfParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive(),
  name: z.string().min(1).max(60),
});
