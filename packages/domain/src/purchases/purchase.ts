import { z } from "zod";
import { DateOnlySchema } from "../common/dates.ts";
import { moneySchema, quantitySchema } from "../common/decimal.ts";
import { MESSAGES } from "../common/messages.ts";
import { optionalText, requiredText } from "../common/text.ts";

const positiveQuantity = quantitySchema("Quantity", MESSAGES.quantityAboveZero).refine(
  (value) => !/^0*(\.0*)?$/.test(value),
  MESSAGES.quantityAboveZero,
);

export const PurchaseAllocationSchema = z.strictObject({
  locationId: z.number().int().positive(),
  quantity: positiveQuantity,
});

export const PurchaseLineSchema = z.strictObject({
  itemId: z.number({ error: MESSAGES.selectValidItem }).int().positive(MESSAGES.selectValidItem),
  unitPrice: moneySchema("Unit price"),
  allocations: z.array(PurchaseAllocationSchema).min(1, MESSAGES.purchaseLineIncomplete).max(100),
});

/** The New Purchase modal: invoice, date (not in the future), supplier, notes, and its items. */
export const CreatePurchaseRequestSchema = z.strictObject({
  invoiceNumber: requiredText("Invoice Number", 60),
  date: DateOnlySchema,
  supplierName: requiredText("Supplier Name", 120),
  notes: optionalText("Notes", 1000),
  lines: z.array(PurchaseLineSchema).min(1, "Add at least one item to the purchase").max(200),
});
export type CreatePurchaseRequest = z.input<typeof CreatePurchaseRequestSchema>;

export const PurchaseViewSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  supplierName: z.string(),
  date: z.string(),
  notes: z.string(),
  totalValue: z.string(),
  movementIds: z.array(z.number().int()),
});
export type PurchaseView = z.infer<typeof PurchaseViewSchema>;
