/** One field of a changed record, as the before/after view shows it. */
export interface FieldChange {
  /** The field's path, e.g. "name" or "address.city". */
  field: string;
  before: string | null;
  after: string | null;
  kind: "added" | "removed" | "changed" | "unchanged";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as text: strings as they are, everything else (numbers, lists) as JSON. */
function shown(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Nested objects become dotted paths so a change deep inside shows as one line. */
function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (isPlainObject(value) && (prefix === "" || Object.keys(value).length > 0)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix === "" ? key : `${prefix}.${key}`, into);
    }
  } else if (value !== undefined) {
    into.set(prefix === "" ? "value" : prefix, shown(value));
  }
}

function fieldsOf(value: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (value !== null && value !== undefined) {
    flatten(value, "", fields);
  }
  return fields;
}

/**
 * The fields of a record before and after a write, in the order they first appear: what was added,
 * removed, changed or left as it was. Changed fields come first so the point of the entry shows at once.
 */
export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  const old = fieldsOf(before);
  const next = fieldsOf(after);
  const fields = [...new Set([...old.keys(), ...next.keys()])];
  const changes = fields.map((field): FieldChange => {
    const was = old.get(field) ?? null;
    const now = next.get(field) ?? null;
    let kind: FieldChange["kind"] = "unchanged";
    if (was === null) {
      kind = "added";
    } else if (now === null) {
      kind = "removed";
    } else if (was !== now) {
      kind = "changed";
    }
    return { field, before: was, after: now, kind };
  });
  const bothSides = old.size > 0 && next.size > 0;
  // On an update the changed fields lead; on a create or a delete every field is equally the point.
  return bothSides
    ? [...changes.filter((c) => c.kind !== "unchanged"), ...changes.filter((c) => c.kind === "unchanged")]
    : changes;
}

/** Whether an entry has anything to show besides its heading. */
export function hasDetails(before: unknown, after: unknown): boolean {
  return fieldsOf(before).size > 0 || fieldsOf(after).size > 0;
}
