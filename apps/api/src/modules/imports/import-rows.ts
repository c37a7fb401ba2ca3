import {
  type DecimalDigits,
  decimalPattern,
  type ImportField,
  type ImportPreviewRow,
  type ImportRowError,
  ITEM_TYPES,
  ITEM_UNITS,
  MESSAGES,
  MONEY_DIGITS,
  moneySchema,
  QUANTITY_DIGITS,
  quantitySchema,
} from "@wms/domain";
import type { RawRow } from "./csv-reader.ts";
import type { Placement } from "./import-locations.ts";

/** The item fields a row carries; rows of one item number must agree on them. */
export const ITEM_FIELDS = ["name", "description", "type", "unit", "unitPrice", "minQuantity"] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];
/** A bit per item field, for CheckedRow.gives. */
export const GIVES = Object.fromEntries(ITEM_FIELDS.map((field, index) => [field, 1 << index])) as Record<
  ItemField,
  number
>;

/**
 * A decimal cell: the common valid case is recognised by the schema's own pattern (its digit limits),
 * anything else gets the schema's message.
 */
function decimalChecker(schema: ReturnType<typeof quantitySchema>, digits: DecimalDigits) {
  const valid = decimalPattern(digits);
  return {
    safeParse: (value: string) =>
      valid.test(value) ? ({ success: true, data: value } as const) : schema.safeParse(value),
  };
}
const QUANTITY = decimalChecker(quantitySchema("Quantity"), QUANTITY_DIGITS);
const UNIT_PRICE = decimalChecker(moneySchema("Unit price"), MONEY_DIGITS);
const MIN_QUANTITY = decimalChecker(quantitySchema("Minimum quantity"), QUANTITY_DIGITS);

export interface CheckedRow {
  row: number;
  /** Item number compared ignoring case and surrounding spaces; "" when the row has none. */
  itemKey: string;
  /** The row's cells as read, normalised in place (checkCells takes them over). */
  values: ImportPreviewRow["values"];
  /**
   * The item fields this row gives (a bit each, see GIVES): until the item's defaults are filled in,
   * their stored form is the one in `values`. A number, not an object: a row is checked several
   * times over (see UploadFile), and each time 100,000 of them.
   */
  gives: number;
  quantity: string | null;
  /** Shared by the rows stored at one position (see WarehouseIndex.placements). */
  placement: Placement | null;
  /** NO_ERRORS until the row's first error (see addError). */
  errors: ImportRowError[];
  /** Set for rows too malformed to take part in item and location checks. */
  unreadable: boolean;
}

export const itemKeyOf = (itemNo: string) => itemNo.trim().toLowerCase();

/** A decimal already in canonical form: no leading zero before a digit, no trailing zero after the point. */
const CANONICAL_DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

/**
 * "5.50" and "5.5" are the same amount; compared in a canonical form. A value already in that form is
 * returned as it is, without a new string.
 */
function canonicalDecimal(value: string): string {
  if (CANONICAL_DECIMAL.test(value)) {
    return value;
  }
  const [whole = "0", fraction = ""] = value.split(".");
  const digits = whole.replace(/^0+(?=\d)/, "");
  const decimals = fraction.replace(/0+$/, "");
  return decimals ? `${digits}.${decimals}` : digits;
}

function issueMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.error?.issues[0]?.message ?? "Invalid value";
}

/**
 * The errors of a row without any, one list for all of them: most rows of a large upload have none,
 * and an empty list each would cost 100,000 allocations. Frozen, so a push that bypasses addError
 * fails loudly instead of giving every row the error.
 */
const NO_ERRORS = Object.freeze([]) as unknown as ImportRowError[];

/**
 * Records a problem of a row (every error goes through here, see NO_ERRORS). A plain function, not a
 * closure made per row: the hot loops below run 100,000 times for a large file, and every closure
 * created there costs an allocation.
 */
export function addError(row: CheckedRow, field: ImportField | null, message: string): void {
  if (row.errors === NO_ERRORS) {
    row.errors = [];
  }
  row.errors.push({ row: row.row, field, message });
}

/** The value of an item field the row gives, in stored form; undefined when it gives none. */
export function givenOf(row: CheckedRow, field: ItemField): string | undefined {
  return row.gives & GIVES[field] ? row.values[field] : undefined;
}

/** The stored spelling of a type or unit, the list's own string (shared by every row using it). */
function listed<T extends string>(list: readonly T[], value: string): T | undefined {
  return list.find((entry) => entry === value);
}

/** The row's own cells: the spec's row errors first, then each item field on its own. */
export function checkCells(raw: RawRow): CheckedRow {
  const cells = raw.cells;
  const checked: CheckedRow = {
    row: raw.row,
    itemKey: itemKeyOf(cells.itemNo),
    // Taken over, not copied: the upload's rows are not read again once checked.
    values: cells,
    gives: 0,
    quantity: null,
    placement: null,
    errors: NO_ERRORS,
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

  const values = checked.values;
  if (values.itemNo === "" || values.name === "") {
    addError(checked, values.itemNo === "" ? "itemNo" : "name", MESSAGES.csvMissingItemNoOrName);
  }
  if (!/^\d+(\.\d+)?$/.test(values.quantity)) {
    addError(checked, "quantity", MESSAGES.csvQuantityInvalid);
  } else {
    const quantity = QUANTITY.safeParse(values.quantity);
    if (quantity.success) {
      checked.quantity = canonicalDecimal(quantity.data);
      values.quantity = checked.quantity;
    } else {
      addError(checked, "quantity", issueMessage(quantity));
    }
  }
  if (values.warehouse === "") {
    addError(checked, "warehouse", MESSAGES.csvWarehouseRequired);
  }
  if (values.warehouse !== "" && values.shelf === "") {
    addError(checked, "shelf", MESSAGES.csvLocationRequired);
  }

  let gives = 0;
  if (values.name !== "") {
    gives |= GIVES.name;
  }
  if (values.description !== "") {
    gives |= GIVES.description;
  }
  if (values.type !== "") {
    const type = listed(ITEM_TYPES, values.type.toUpperCase().replace(/[\s-]+/g, "_"));
    if (type) {
      gives |= GIVES.type;
      values.type = type;
    } else {
      addError(checked, "type", `Type must be one of ${ITEM_TYPES.join(", ")}`);
    }
  }
  if (values.unit !== "") {
    const unit = listed(ITEM_UNITS, values.unit.toLowerCase());
    if (unit) {
      gives |= GIVES.unit;
      values.unit = unit;
    } else {
      addError(checked, "unit", `Unit must be one of ${ITEM_UNITS.join(", ")}`);
    }
  }
  if (values.unitPrice !== "") {
    const price = UNIT_PRICE.safeParse(values.unitPrice);
    if (price.success) {
      gives |= GIVES.unitPrice;
      values.unitPrice = canonicalDecimal(price.data);
    } else {
      addError(checked, "unitPrice", issueMessage(price));
    }
  }
  if (values.minQuantity !== "") {
    const minimum = MIN_QUANTITY.safeParse(values.minQuantity);
    if (minimum.success) {
      gives |= GIVES.minQuantity;
      values.minQuantity = canonicalDecimal(minimum.data);
    } else {
      addError(checked, "minQuantity", issueMessage(minimum));
    }
  }
  checked.gives = gives;
  return checked;
}

/** A row with a quantity above 0: one received movement. */
export const isReceipt = (row: CheckedRow) => row.quantity !== null && row.quantity !== "0";
