import { setImmediate as nextTurn } from "node:timers/promises";
import {
  IMPORT_COLUMNS,
  type ImportField,
  type ItemData,
  isWholeNumber,
  itemInputChecker,
  itemRowsDisagreeMessage,
  WHOLE_NUMBER_UNITS,
} from "@wms/domain";
import { addError, type CheckedRow, GIVES, givenOf, ITEM_FIELDS, type ItemField } from "./import-rows.ts";

const HEADER_OF = new Map(IMPORT_COLUMNS.map((column) => [column.field, column.header]));

const DEFAULTS: Record<ItemField, string> = {
  name: "",
  description: "",
  type: "OTHER",
  unit: "pieces",
  unitPrice: "0",
  minQuantity: "0",
};

/** Item fields as the item's rows give them (the first giving row's value), with the item number. */
type MergedItem = Record<ItemField | "itemNo", string>;

/** Why an item does not pass the items service's input rules, reported on its first row. */
interface ItemFailure {
  itemNo: string;
  unit: string;
  issues: Array<{ field: ImportField | null; message: string }>;
}

/**
 * What the rows of one item number say, gathered a row at a time. Kept for every item of an upload
 * (up to 100,000), so as few fields as will do: the three bit masks share one number.
 */
interface ItemGroup {
  /** The number of its first row. */
  first: number;
  /**
   * Bits (see GIVES) of the fields its first row gives (FIRST_GIVES), that some row gives (GIVEN)
   * and that two rows give differently (DISAGREE).
   */
  bits: number;
  /** The rows after the first as [row, gives, row, gives, ...]; null while there is none. */
  more: number[] | null;
  /**
   * Each field as the first row giving it gives it, else the bulk default. Until planned; kept for
   * an item whose rows disagree, whose message names it as its first row writes it.
   */
  merged: MergedItem | null;
  /** Once planned: its data when it passes the items service's rules, else why not. */
  data: ItemData | null;
  failure: ItemFailure | null;
  /** Its place among the planned items (-1 when it fails). */
  index: number;
}

/** Items planned between two turns of the event loop: a few ms of work at a time. */
const ITEMS_PER_TURN = 2_000;

const FIELD_BITS = ITEM_FIELDS.length;
const GIVEN_SHIFT = FIELD_BITS;
const DISAGREE_SHIFT = 2 * FIELD_BITS;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
const firstGives = (group: ItemGroup) => group.bits & FIELD_MASK;
const given = (group: ItemGroup) => (group.bits >> GIVEN_SHIFT) & FIELD_MASK;
const disagree = (group: ItemGroup) => (group.bits >> DISAGREE_SHIFT) & FIELD_MASK;
const itemNoOf = (group: ItemGroup) => group.merged?.itemNo ?? group.failure?.itemNo ?? "";

/**
 * Product-decisions 16: rows with one item number are one item. Each item field takes the value its
 * rows give (the bulk defaults when none gives one); two rows giving different values is an error on
 * each of them, naming the rows. The merged item then passes the items service's own input rules.
 *
 * Gathered row by row (add), planned once every row is in (plan), and applied to each row when it is
 * checked (check). What is kept is per item, never per row, so an upload can be checked from its
 * text as often as needed without holding its rows.
 */
export class UploadItems {
  private readonly groups = new Map<string, ItemGroup>();
  /** The data of the items passing the rules, in the order their first row appears. */
  readonly plans: ItemData[] = [];

  /** The item numbers of the upload, compared ignoring case and surrounding spaces. */
  keys(): string[] {
    return [...this.groups.keys()];
  }

  /** Gathers a row's item fields (rows too malformed for item checks and rows without a number aside). */
  add(row: CheckedRow): void {
    if (row.unreadable || row.itemKey === "") {
      return;
    }
    const group = this.groups.get(row.itemKey);
    if (group === undefined) {
      const merged: MergedItem = { itemNo: row.values.itemNo, ...DEFAULTS };
      for (const field of ITEM_FIELDS) {
        merged[field] = givenOf(row, field) ?? merged[field];
      }
      const bits = row.gives | (row.gives << GIVEN_SHIFT);
      this.groups.set(row.itemKey, {
        first: row.row,
        bits,
        more: null,
        merged,
        data: null,
        failure: null,
        index: -1,
      });
      return;
    }
    if (group.more === null) {
      group.more = [];
    }
    group.more.push(row.row, row.gives);
    const merged = group.merged as MergedItem;
    for (const field of ITEM_FIELDS) {
      const value = givenOf(row, field);
      const bit = GIVES[field];
      if (value === undefined) {
        continue;
      }
      if (!(given(group) & bit)) {
        group.bits |= bit << GIVEN_SHIFT;
        merged[field] = value;
      } else if (merged[field] !== value) {
        group.bits |= bit << DISAGREE_SHIFT;
      }
    }
  }

  /**
   * Once every row is in: each item's merged fields through the items service's input rules, with a
   * turn of the event loop every ITEMS_PER_TURN items (an upload may hold 100,000).
   */
  async plan(): Promise<void> {
    // ItemInputSchema's answers, without its per-item cost (see itemInputChecker).
    const checkItem = itemInputChecker();
    let planned = 0;
    for (const group of this.groups.values()) {
      if (++planned % ITEMS_PER_TURN === 0) {
        await nextTurn();
      }
      const merged = group.merged as MergedItem;
      const parsed = checkItem(merged);
      if (parsed.success) {
        group.data = parsed.data;
        group.index = this.plans.push(parsed.data) - 1;
      } else {
        const issues = parsed.error.issues.map((issue) => {
          const field = String(issue.path[0] ?? "") as ImportField;
          const known = IMPORT_COLUMNS.some((column) => column.field === field) ? field : null;
          return { field: known, message: issue.message };
        });
        group.failure = { itemNo: merged.itemNo, unit: merged.unit, issues };
      }
      if (disagree(group) === 0) {
        group.merged = null;
      }
    }
  }

  /** The planned item of a row (its index in `plans`), or -1 when it has none. */
  planOf(row: CheckedRow): number {
    return this.groups.get(row.itemKey)?.index ?? -1;
  }

  /**
   * A row's item problems, in the order they were always reported: fields its rows give differently,
   * the item's own issues (on its first row, one per field), a quantity that must be whole for its
   * unit. Its values then show the item's merged fields and defaults.
   */
  check(row: CheckedRow): void {
    const group = row.unreadable || row.itemKey === "" ? undefined : this.groups.get(row.itemKey);
    if (group === undefined) {
      return;
    }
    const differing = disagree(group) & row.gives;
    if (differing) {
      for (const field of ITEM_FIELDS) {
        if (differing & GIVES[field]) {
          const header = HEADER_OF.get(field) ?? field;
          addError(row, field, itemRowsDisagreeMessage(itemNoOf(group), header, givers(group, field)));
        }
      }
    }
    if (group.failure && row.row === group.first) {
      for (const issue of group.failure.issues) {
        if (!row.errors.some((error) => error.field === issue.field)) {
          addError(row, issue.field, issue.message);
        }
      }
    }
    if (group.data) {
      const { values } = row;
      values.type ||= group.data.type;
      values.unit ||= group.data.unit;
      values.unitPrice ||= group.data.unitPrice;
      values.minQuantity ||= group.data.minQuantity;
    }
    // Quantities of pieces and boxes are whole numbers (product-decisions 10).
    const unit = group.data?.unit ?? group.failure?.unit ?? "";
    if (WHOLE_NUMBER_UNITS.has(unit) && row.quantity !== null && !isWholeNumber(row.quantity)) {
      addError(row, "quantity", `Quantity must be a whole number for ${unit}`);
    }
  }
}

/** The numbers of the rows of an item giving `field`, in file order. */
function givers(group: ItemGroup, field: ItemField): number[] {
  const bit = GIVES[field];
  const rows = firstGives(group) & bit ? [group.first] : [];
  const more = group.more ?? [];
  for (let index = 0; index < more.length; index += 2) {
    if ((more[index + 1] as number) & bit) {
      rows.push(more[index] as number);
    }
  }
  return rows;
}
