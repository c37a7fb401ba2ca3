import { type ItemData, ItemInputSchema, wholeMinimumIssue } from "./item.ts";

type ItemInputResult = ReturnType<typeof ItemInputSchema.safeParse>;
type Field = keyof typeof ItemInputSchema.shape;

const FIELDS = ItemInputSchema.shape;
/** Fields whose values many items share (a type, a unit, a price): each distinct value is checked once. */
const SHARED_FIELDS = new Set<Field>(["type", "unit", "unitPrice", "minQuantity"]);

/**
 * ItemInputSchema.safeParse for many items in a row (a bulk upload checks up to 100,000), with the
 * same answers: the schema's own field schemas check each field, and wholeMinimumIssue (the schema's
 * rule across fields) the whole; an item failing either, or holding a field the schema does not know,
 * goes through ItemInputSchema itself, so its issues are exactly the schema's.
 *
 * Why not the schema for every item: its object parse allocates a few kilobytes per item in ways V8
 * keeps in its old generation (about 60 MB for a 10 MB upload, garbage only a full collection frees)
 * and takes three times as long; the amounts' schemas are the costly part, and their values repeat.
 * A checker remembers the fields' results for the values it has seen: make one per batch.
 * Keep it in step with ItemInputSchema when that gains another rule across fields.
 */
export function itemInputChecker(): (input: Record<string, unknown>) => ItemInputResult {
  const seen = new Map<Field, Map<unknown, { success: boolean; data?: unknown }>>();
  const check = (field: Field, value: unknown) => {
    if (!SHARED_FIELDS.has(field)) {
      return FIELDS[field].safeParse(value);
    }
    const results = seen.get(field) ?? new Map();
    seen.set(field, results);
    let result = results.get(value);
    if (result === undefined) {
      result = FIELDS[field].safeParse(value);
      results.set(value, result);
    }
    return result;
  };
  return (input) => {
    const parsed: Partial<Record<Field, unknown>> = {};
    let valid = Object.keys(input).every((key) => key in FIELDS);
    for (const field of Object.keys(FIELDS) as Field[]) {
      if (!valid) {
        break;
      }
      const result = check(field, input[field]);
      valid = result.success;
      parsed[field] = result.data;
    }
    if (valid) {
      const values = parsed as ItemData;
      // One literal of the schema's shape: a bulk upload holds every item's data until it commits.
      const data: ItemData = {
        itemNo: values.itemNo,
        name: values.name,
        description: values.description,
        type: values.type,
        unit: values.unit,
        unitPrice: values.unitPrice,
        minQuantity: values.minQuantity,
      };
      if (wholeMinimumIssue(data) === null) {
        return { success: true, data };
      }
    }
    return ItemInputSchema.safeParse(input);
  };
}
