import type { ReportColumn, ReportColumnKind, ReportType } from "@wms/domain";

const column = (key: string, label: string, kind: ReportColumnKind = "text"): ReportColumn => ({
  key,
  label,
  kind,
});

const ITEM = [
  column("itemNo", "Item Number"),
  column("name", "Name"),
  column("type", "Type"),
  column("unit", "Unit"),
];

/** The columns of each report's tables (product-decisions 18), in display order. */
export const REPORT_COLUMNS = {
  "item-stock": [
    ...ITEM,
    column("warehouse", "Warehouse"),
    column("location", "Location"),
    column("quantity", "Quantity", "quantity"),
    column("unitPrice", "Unit Price (AED)", "money"),
    column("value", "Value (AED)", "money"),
    column("lastMovement", "Last Movement", "datetime"),
  ],
  "inventory-summary": [
    ...ITEM,
    column("quantity", "Total Quantity", "quantity"),
    column("unitPrice", "Unit Price (AED)", "money"),
    column("value", "Total Value (AED)", "money"),
    column("locations", "Locations", "quantity"),
    column("minQuantity", "Minimum Quantity", "quantity"),
    column("lowStock", "Low Stock", "flag"),
  ],
  "movement-history": [
    column("date", "Date", "datetime"),
    column("type", "Type"),
    column("itemNo", "Item Number"),
    column("itemName", "Item"),
    column("location", "Location"),
    column("from", "From"),
    column("to", "To"),
    column("in", "Quantity In", "quantity"),
    column("out", "Quantity Out", "quantity"),
    column("balanceAfter", "Balance After", "quantity"),
    column("reason", "Reason"),
    column("staff", "Staff"),
    column("invoice", "Invoice"),
    column("supplier", "Supplier"),
  ],
  valuation: [
    ...ITEM,
    column("quantity", "Quantity", "quantity"),
    column("unitPrice", "Unit Price (AED)", "money"),
    column("value", "Value (AED)", "money"),
    column("averageCost", "Average Purchase Cost (AED)", "money"),
    column("valueAtCost", "Value at Average Cost (AED)", "money"),
  ],
  "single-item-summary": [
    column("date", "Date", "date"),
    column("opening", "Opening", "quantity"),
    column("in", "In", "quantity"),
    column("out", "Out", "quantity"),
    column("closing", "Closing", "quantity"),
    column("openingValue", "Opening Value (AED)", "money"),
    column("inValue", "In Value (AED)", "money"),
    column("outValue", "Out Value (AED)", "money"),
    column("closingValue", "Closing Value (AED)", "money"),
  ],
  "stock-for-period": [
    ...ITEM,
    column("warehouse", "Warehouse"),
    column("location", "Location"),
    column("opening", "Opening", "quantity"),
    column("in", "In", "quantity"),
    column("out", "Out", "quantity"),
    column("closing", "Closing", "quantity"),
    column("unitPrice", "Unit Price (AED)", "money"),
    column("openingValue", "Opening Value (AED)", "money"),
    column("inValue", "In Value (AED)", "money"),
    column("outValue", "Out Value (AED)", "money"),
    column("closingValue", "Closing Value (AED)", "money"),
  ],
} satisfies Record<ReportType, ReportColumn[]>;
