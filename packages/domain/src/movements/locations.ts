import { z } from "zod";
import { SearchTextSchema } from "../common/fields.ts";
import { LocationRefSchema } from "./movement.ts";

/** The location picker: positions matching a code search, with what each holds of one item. */
export const SearchLocationsQuerySchema = z.strictObject({
  search: SearchTextSchema.optional(),
  warehouseId: z.coerce.number().int().positive().optional(),
  itemId: z.coerce.number().int().positive().optional(),
  /** Only positions holding the item (for sources of outgoing movements). */
  stockedOnly: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});
export type SearchLocationsQuery = z.input<typeof SearchLocationsQuerySchema>;

export const LocationOptionSchema = LocationRefSchema.extend({
  kind: z.enum(["grid", "container"]),
  /** What the position holds of the requested item ("0" when none or no item was given). */
  quantity: z.string(),
});
export type LocationOption = z.infer<typeof LocationOptionSchema>;

export const SearchLocationsResponseSchema = z.object({ locations: z.array(LocationOptionSchema) });
export type SearchLocationsResponse = z.infer<typeof SearchLocationsResponseSchema>;

/** People a movement can be recorded as managed by (the form's Staff select). */
export const PersonOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(["admin", "staff"]),
});
export const ListPeopleResponseSchema = z.object({ people: z.array(PersonOptionSchema) });
export type PersonOption = z.infer<typeof PersonOptionSchema>;
