import { z } from "zod";
import { moneySchema, quantitySchema } from "../common/decimal.ts";
import { SearchTextSchema } from "../common/fields.ts";
import { isWholeNumber, WHOLE_NUMBER_UNITS } from "../common/numbers.ts";
import { optionalText, requiredText } from "../common/text.ts";

export const ITEM_TYPES = [
  "RAW_MATERIAL",
  "FINISHED",
  "PLM",
  "GPM",
  "INGREDIENTS",
  "TEA",
  "OTHER",
  "ASSETS",
] as const;
export const ItemTypeSchema = z.enum(ITEM_TYPES, { error: `Type must be one of ${ITEM_TYPES.join(", ")}` });
export type ItemType = z.infer<typeof ItemTypeSchema>;

export const ITEM_UNITS = ["pieces", "kilogram", "box", "meter", "liter", "roll"] as const;
export const ItemUnitSchema = z.enum(ITEM_UNITS, { error: `Unit must be one of ${ITEM_UNITS.join(", ")}` });
export type ItemUnit = z.infer<typeof ItemUnitSchema>;

/** Types are stored with underscores and shown with spaces: RAW_MATERIAL -> "RAW MATERIAL". */
export function itemTypeLabel(type: string): string {
  return type.replaceAll("_", " ");
}

export const ITEMS_PAGE_SIZE = 20;
/**
 * A search counts its matches up to this many and then says "more than": counting every match of a
 * one- or two-letter term reads the whole catalogue on each keystroke, and nobody pages past 50.
 */
export const ITEM_SEARCH_COUNT_CAP = 1_000;

/**
 * Product-decisions 10: the minimum of an item counted in pieces or boxes is a whole number. The
 * message when an item breaks the rule, else null. The one rule of ItemInputSchema spanning fields
 * (itemInputChecker applies it too).
 */
export function wholeMinimumIssue(item: { unit: string; minQuantity: string }): string | null {
  return WHOLE_NUMBER_UNITS.has(item.unit) && !isWholeNumber(item.minQuantity)
    ? `Minimum quantity must be a whole number for ${item.unit}`
    : null;
}

/** The Add Item / edit form: the spec's fields and defaults (RAW_MATERIAL, pieces, 0, 0). */
export const ItemInputSchema = z
  .strictObject({
    itemNo: requiredText("Item number", 64),
    name: requiredText("Name", 200),
    description: optionalText("Description", 2000),
    type: ItemTypeSchema.default("RAW_MATERIAL"),
    unit: ItemUnitSchema.default("pieces"),
    unitPrice: moneySchema("Unit price").default("0"),
    minQuantity: quantitySchema("Minimum quantity").default("0"),
  })
  .superRefine((item, ctx) => {
    const message = wholeMinimumIssue(item);
    if (message !== null) {
      ctx.addIssue({ code: "custom", path: ["minQuantity"], message });
    }
  });
export type ItemInput = z.input<typeof ItemInputSchema>;
export type ItemData = z.output<typeof ItemInputSchema>;

export const ItemLocationSchema = z.object({
  locationId: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  shelf: z.string(),
  section: z.string().nullable(),
  code: z.string(),
  quantity: z.string(),
});
export type ItemLocation = z.infer<typeof ItemLocationSchema>;

export const ItemViewSchema = z.object({
  id: z.number().int(),
  itemNo: z.string(),
  name: z.string(),
  description: z.string(),
  type: ItemTypeSchema,
  unit: ItemUnitSchema,
  unitPrice: z.string(),
  minQuantity: z.string(),
  totalQuantity: z.string(),
  totalValue: z.string(),
  isLowStock: z.boolean(),
  locations: z.array(ItemLocationSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ItemView = z.infer<typeof ItemViewSchema>;

const booleanQuery = z.enum(["true", "false"]).transform((value) => value === "true");

export const ListItemsQuerySchema = z.strictObject({
  search: SearchTextSchema.optional(),
  type: ItemTypeSchema.optional(),
  lowStock: booleanQuery.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ListItemsQuery = z.input<typeof ListItemsQuerySchema>;

export const ListItemsResponseSchema = z.object({
  items: z.array(ItemViewSchema),
  total: z.number().int(),
  /** True when a search matched more than ITEM_SEARCH_COUNT_CAP items: `total` is then that cap. */
  totalIsLowerBound: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Live items whose total quantity is below their minimum, whatever the filters (for the banner). */
  lowStockCount: z.number().int(),
});
export type ListItemsResponse = z.infer<typeof ListItemsResponseSchema>;
