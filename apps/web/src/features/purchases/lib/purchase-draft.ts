import type { CreatePurchaseRequest, ItemView, LocationOption } from "@wms/domain";

/** What the form knows of an item: enough to show it and to send its id. */
export type PurchaseItem = Pick<ItemView, "id" | "itemNo" | "name" | "unit">;

/** A storage location chosen for an item being added, with the quantity as typed. */
export interface AllocationDraft {
  location: Pick<LocationOption, "id" | "code">;
  quantity: number | string;
}

/** One item of the purchase, as listed under 'Items in purchase'. */
export interface PurchaseLineDraft {
  item: PurchaseItem;
  quantity: string;
  unitPrice: string;
  allocations: { location: Pick<LocationOption, "id" | "code">; quantity: string }[];
}

/** Everything the New Purchase form holds. */
export interface PurchaseFormValues {
  invoiceNumber: string;
  date: string;
  supplierName: string;
  notes: string;
  lines: PurchaseLineDraft[];
}

/** The form as POST /api/purchases takes it. */
export function toPurchaseRequest(values: PurchaseFormValues): CreatePurchaseRequest {
  return {
    invoiceNumber: values.invoiceNumber,
    date: values.date,
    supplierName: values.supplierName,
    notes: values.notes,
    lines: values.lines.map((line) => ({
      itemId: line.item.id,
      unitPrice: line.unitPrice,
      allocations: line.allocations.map((allocation) => ({
        locationId: allocation.location.id,
        quantity: allocation.quantity,
      })),
    })),
  };
}
