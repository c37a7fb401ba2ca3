import {
  IMPORT_COLUMNS,
  type ImportField,
  type ImportPreviewRow,
  type ImportRowError,
  ITEM_TYPES,
  ITEM_UNITS,
  type ItemData,
  ItemInputSchema,
  isWholeNumber,
  itemRowsDisagreeMessage,
  MESSAGES,
  moneySchema,
  quantitySchema,
  WHOLE_NUMBER_UNITS,
  warehouseNotFoundMessage,
} from "@wms/domain";
import type { RawRow, ReadUpload } from "./csv-reader.ts";
import { indexWarehouses, resolveLocation } from "./import-locations.ts";
import type { PositionRow, WarehouseLayout } from "./imports.repository.ts";

/** The item fields a row carries; rows of one item number must agree on them. */
const ITEM_FIELDS = ["name", "description", "type", "unit", "unitPrice", "minQuantity"] as const;
type ItemField = (typeof ITEM_FIELDS)[number];

const HEADER_OF = new Map(IMPORT_COLUMNS.map((column) => [column.field, column.header]));
/** A decimal cell: the common valid case is recognised by a pattern, anything else gets the schema's message. */
function decimalChecker(schema: ReturnType<typeof quantitySchema>, decimals: number) {
  const valid = new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`);
  return {
    safeParse: (value: string) =>
      valid.test(value) ? ({ success: true, data: value } as const) : schema.safeParse(value),
  };
}
const QUANTITY = decimalChecker(quantitySchema("Quantity"), 3);
const UNIT_PRICE = decimalChecker(moneySchema("Unit price"), 2);
const MIN_QUANTITY = decimalChecker(quantitySchema("Minimum quantity"), 3);

export interface CheckedRow {
  row: number;
  /** Item number compared ignoring case and surrounding spaces; "" when the row has none. */
  itemKey: string;
  values: ImportPreviewRow["values"];
  /** The item fields this row gives (blank optional cells are absent), in their stored form. */
  given: Partial<Record<ItemField, string>>;
  quantity: string | null;
  location: ImportPreviewRow["location"];
  locationId: number | null;
  errors: ImportRowError[];
  /** Set for rows too malformed to take part in item and location checks. */
  unreadable: boolean;
}

export interface ItemPlan {
  key: string;
  data: ItemData;
}

export interface CheckedUpload {
  fileName: string;
  columns: ImportField[];
  rows: CheckedRow[];
  /** Items in the order their first row appears. */
  items: ItemPlan[];
  errorCount: number;
}

/** What the database says about the upload, read by the caller (inside its transaction for a commit). */
export interface UploadLookups {
  existingItemKeys: Set<string>;
  warehouses: WarehouseLayout[];
  positions: PositionRow[];
}

export const itemKeyOf = (itemNo: string) => itemNo.trim().toLowerCase();

/** "5.50" and "5.5" are the same amount; compared in a canonical form. */
function canonicalDecimal(value: string): string {
  const [whole = "0", fraction = ""] = value.split(".");
  const digits = whole.replace(/^0+(?=\d)/, "");
  const decimals = fraction.replace(/0+$/, "");
  return decimals ? `${digits}.${decimals}` : digits;
}

function issueMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.error?.issues[0]?.message ?? "Invalid value";
}

/**
 * Records a problem of a row. A plain function, not a closure made per row: the hot loops below run
 * 100,000 times for a large file, and every closure created there costs an allocation.
 */
function addError(row: CheckedRow, field: ImportField | null, message: string): void {
  row.errors.push({ row: row.row, field, message });
}

/** The row's own cells: the spec's row errors first, then each item field on its own. */
function checkCells(raw: RawRow): CheckedRow {
  const cells = raw.cells;
  const errors: ImportRowError[] = [];
  const checked: CheckedRow = {
    row: raw.row,
    itemKey: itemKeyOf(cells.itemNo),
    values: { ...cells },
    given: {},
    quantity: null,
    location: null,
    locationId: null,
    errors,
    unreadable: raw.shape !== "ok",
  };
  if (raw.shape === "short") {
    addError(checked, null, MESSAGES.csvNotEnoughColumns);
    return checked;
  }
  if (raw.shape === "long") {
    addError(checked, null, MESSAGES.csvTooManyColumns);
    return checked;
  }

  if (cells.itemNo === "" || cells.name === "") {
    addError(checked, cells.itemNo === "" ? "itemNo" : "name", MESSAGES.csvMissingItemNoOrName);
  }
  if (!/^\d+(\.\d+)?$/.test(cells.quantity)) {
    addError(checked, "quantity", MESSAGES.csvQuantityInvalid);
  } else {
    const quantity = QUANTITY.safeParse(cells.quantity);
    if (quantity.success) {
      checked.quantity = canonicalDecimal(quantity.data);
      checked.values.quantity = checked.quantity;
    } else {
      addError(checked, "quantity", issueMessage(quantity));
    }
  }
  if (cells.warehouse === "") {
    addError(checked, "warehouse", MESSAGES.csvWarehouseRequired);
  }
  if (cells.warehouse !== "" && cells.shelf === "") {
    addError(checked, "shelf", MESSAGES.csvLocationRequired);
  }

  const given = checked.given;
  if (cells.name !== "") {
    given.name = cells.name;
  }
  if (cells.description !== "") {
    given.description = cells.description;
  }
  if (cells.type !== "") {
    const type = cells.type.toUpperCase().replace(/[\s-]+/g, "_");
    if ((ITEM_TYPES as readonly string[]).includes(type)) {
      given.type = type;
      checked.values.type = type;
    } else {
      addError(checked, "type", `Type must be one of ${ITEM_TYPES.join(", ")}`);
    }
  }
  if (cells.unit !== "") {
    const unit = cells.unit.toLowerCase();
    if ((ITEM_UNITS as readonly string[]).includes(unit)) {
      given.unit = unit;
      checked.values.unit = unit;
    } else {
      addError(checked, "unit", `Unit must be one of ${ITEM_UNITS.join(", ")}`);
    }
  }
  if (cells.unitPrice !== "") {
    const price = UNIT_PRICE.safeParse(cells.unitPrice);
    if (price.success) {
      given.unitPrice = canonicalDecimal(price.data);
      checked.values.unitPrice = given.unitPrice;
    } else {
      addError(checked, "unitPrice", issueMessage(price));
    }
  }
  if (cells.minQuantity !== "") {
    const minimum = MIN_QUANTITY.safeParse(cells.minQuantity);
    if (minimum.success) {
      given.minQuantity = canonicalDecimal(minimum.data);
      checked.values.minQuantity = given.minQuantity;
    } else {
      addError(checked, "minQuantity", issueMessage(minimum));
    }
  }
  return checked;
}

const DEFAULTS: Record<ItemField, string> = {
  name: "",
  description: "",
  type: "OTHER",
  unit: "pieces",
  unitPrice: "0",
  minQuantity: "0",
};

/** Merges the fields of an item's rows; two rows giving different values is an error on each, naming the rows. */
function mergeGroup(first: CheckedRow, group: CheckedRow[], merged: Record<ItemField, string>): void {
  for (const field of ITEM_FIELDS) {
    const giving = group.filter((row) => row.given[field] !== undefined);
    const values = new Set(giving.map((row) => row.given[field]));
    if (values.size > 1) {
      const numbers = giving.map((row) => row.row);
      const message = itemRowsDisagreeMessage(first.values.itemNo, HEADER_OF.get(field) ?? field, numbers);
      for (const row of giving) {
        row.errors.push({ row: row.row, field, message });
      }
    }
    if (giving[0]) {
      merged[field] = giving[0].given[field] as string;
    }
  }
}

/**
 * Product-decisions 16: rows with one item number are one item. Each item field takes the value its
 * rows give (the bulk defaults when none gives one); two rows giving different values is an error on
 * each of them, naming the rows. The merged item then passes the items service's own input rules.
 */
function planItems(rows: CheckedRow[]): ItemPlan[] {
  const groups = new Map<string, CheckedRow[]>();
  for (const row of rows) {
    if (!row.unreadable && row.itemKey !== "") {
      const group = groups.get(row.itemKey) ?? [];
      group.push(row);
      groups.set(row.itemKey, group);
    }
  }
  const plans: ItemPlan[] = [];
  for (const [key, group] of groups) {
    const first = group[0] as CheckedRow;
    const merged: Record<ItemField, string> = { ...DEFAULTS };
    if (group.length === 1) {
      // Most items have one row, which cannot disagree with itself: its fields as given.
      for (const field of ITEM_FIELDS) {
        merged[field] = first.given[field] ?? merged[field];
      }
    } else {
      mergeGroup(first, group, merged);
    }
    const parsed = ItemInputSchema.safeParse({ itemNo: first.values.itemNo, ...merged });
    if (parsed.success) {
      plans.push({ key, data: parsed.data });
    } else {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "") as ImportField;
        const known = (
          IMPORT_COLUMNS.some((column) => column.field === field) ? field : null
        ) as ImportField | null;
        if (!first.errors.some((error) => error.field === known)) {
          first.errors.push({ row: first.row, field: known, message: issue.message });
        }
      }
    }
    // Quantities of pieces and boxes are whole numbers (product-decisions 10).
    const unit = merged.unit;
    if (WHOLE_NUMBER_UNITS.has(unit)) {
      for (const row of group) {
        if (row.quantity !== null && !isWholeNumber(row.quantity)) {
          row.errors.push({
            row: row.row,
            field: "quantity",
            message: `Quantity must be a whole number for ${unit}`,
          });
        }
      }
    }
  }
  return plans;
}

/** Every check of the spec's row and preview validations, over the whole file. */
export function checkUpload(upload: ReadUpload, lookups: UploadLookups): CheckedUpload {
  const rows = upload.rows.map(checkCells);
  const items = planItems(rows);
  const findWarehouse = indexWarehouses(lookups.warehouses, lookups.positions);
  for (const row of rows) {
    if (row.unreadable) {
      continue;
    }
    if (row.itemKey !== "" && lookups.existingItemKeys.has(row.itemKey)) {
      row.errors.push({ row: row.row, field: "itemNo", message: MESSAGES.itemNoTaken });
    }
    if (row.values.warehouse === "" || row.values.shelf === "") {
      continue;
    }
    const warehouse = findWarehouse(row.values.warehouse);
    if (!warehouse) {
      row.errors.push({
        row: row.row,
        field: "warehouse",
        message: warehouseNotFoundMessage(row.values.warehouse),
      });
      continue;
    }
    const placed = resolveLocation(warehouse, row.values.shelf, row.values.section);
    if ("locationId" in placed) {
      row.locationId = placed.locationId;
      row.location = placed.location;
    } else {
      addError(row, placed.field, placed.message);
    }
  }
  // The displayed values take the item's merged fields and the bulk defaults.
  const planByKey = new Map(items.map((plan) => [plan.key, plan]));
  for (const row of rows) {
    const plan = planByKey.get(row.itemKey);
    if (plan && !row.unreadable) {
      row.values.type ||= plan.data.type;
      row.values.unit ||= plan.data.unit;
      row.values.unitPrice ||= plan.data.unitPrice;
      row.values.minQuantity ||= plan.data.minQuantity;
    }
  }
  const errorCount = rows.reduce((sum, row) => sum + row.errors.length, 0);
  return { fileName: upload.fileName, columns: upload.columns, rows, items, errorCount };
}

/** The item numbers and warehouse cells the database must be asked about. */
export function lookupKeysOf(upload: ReadUpload): string[] {
  return [...new Set(upload.rows.map((row) => itemKeyOf(row.cells.itemNo)).filter((key) => key !== ""))];
}
