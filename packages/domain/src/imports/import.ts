import { z } from "zod";

/**
 * CSV bulk upload of items with their stock (spec section 5, product-decisions 16 and 17).
 *
 * The file: UTF-8 (with or without a byte order mark), comma separated (a header written with
 * semicolons or tabs is read with that separator instead), RFC 4180 quoting. The first row names the
 * columns; they match ignoring case and spaces, in any order. Unknown columns are refused.
 *
 * One row = one item stored in one location with a quantity. Several rows with the same item number
 * (ignoring case and surrounding spaces) are one item stored in several locations: their item fields
 * must agree (a blank optional cell in one of them takes the value the others give). Every row with a
 * quantity above 0 becomes one received movement; the same location twice adds up. Row numbers count
 * the data rows: row 1 is the first row under the header (a spreadsheet shows it as line 2).
 */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_SAMPLE_FILE_NAME = "bulk-upload-sample.csv";
/** The reason written on each received movement of an upload. */
export const IMPORT_MOVEMENT_REASON = "Bulk upload";

export const IMPORT_FIELDS = [
  "itemNo",
  "name",
  "description",
  "type",
  "unit",
  "unitPrice",
  "minQuantity",
  "quantity",
  "warehouse",
  "shelf",
  "section",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export interface ImportColumn {
  field: ImportField;
  /** The header as the sample file writes it. */
  header: string;
  required: boolean;
  /** Other spellings accepted, already normalised (lower case, no spaces). */
  aliases: readonly string[];
  /** What goes in the cell (for the upload step's help text). */
  help: string;
}

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { field: "itemNo", header: "Item Number", required: true, aliases: ["itemno"], help: "Unique item number" },
  { field: "name", header: "Name", required: true, aliases: ["itemname"], help: "Item name" },
  { field: "description", header: "Description", required: false, aliases: [], help: "Optional" },
  {
    field: "type",
    header: "Type",
    required: false,
    aliases: ["itemtype"],
    help: "RAW_MATERIAL, FINISHED, PLM, GPM, INGREDIENTS, TEA, OTHER or ASSETS (blank: OTHER)",
  },
  {
    field: "unit",
    header: "Unit",
    required: false,
    aliases: [],
    help: "pieces, kilogram, box, meter, liter or roll (blank: pieces)",
  },
  {
    field: "unitPrice",
    header: "Unit Price",
    required: false,
    aliases: ["price"],
    help: "AED, at most 2 decimals (blank: 0)",
  },
  {
    field: "minQuantity",
    header: "Min Quantity",
    required: false,
    aliases: ["minimumquantity", "minqty"],
    help: "Low-stock threshold (blank: 0)",
  },
  {
    field: "quantity",
    header: "Quantity",
    required: true,
    aliases: ["qty"],
    help: "Quantity received at this location, 0 or more, at most 3 decimals",
  },
  {
    field: "warehouse",
    header: "Warehouse",
    required: true,
    aliases: ["warehousename"],
    help: "Warehouse name or id",
  },
  {
    field: "shelf",
    header: "Shelf",
    required: true,
    aliases: [],
    help: "Shelf letters (A, B ... AA), optionally with the section (B3 = shelf B section 03), or a container shelf name",
  },
  {
    field: "section",
    header: "Section",
    required: false,
    aliases: [],
    help: "01 up to the warehouse's sections per shelf; empty or CONTAINER for a container shelf",
  },
];

/** How headers compare: case and spaces ignored ("Item Number" = "item number" = "ITEMNUMBER"). */
export function normalizeImportHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .replace(/\s+/g, "")
    .toLowerCase();
}

export function missingHeadersMessage(headers: string[]): string {
  return `Missing required headers: ${headers.join(", ")}`;
}

export function unknownColumnsMessage(headers: string[]): string {
  return `Unknown columns: ${headers.join(", ")}. Remove them, or rename them to one of: ${IMPORT_COLUMNS.map((column) => column.header).join(", ")}`;
}

export function duplicateColumnsMessage(headers: string[]): string {
  return `These columns appear more than once: ${headers.join(", ")}`;
}

export function shelfNotFoundMessage(shelf: string, warehouse: string): string {
  return `Shelf ${shelf} does not exist in warehouse ${warehouse}`;
}

export function sectionInvalidMessage(section: string, sectionsPerShelf: number): string {
  return `Section ${section} is not valid. Must be between 01 and ${String(sectionsPerShelf).padStart(2, "0")}`;
}

export function sectionRequiredMessage(shelf: string, sectionsPerShelf: number): string {
  return `Section is required for shelf ${shelf}. Must be between 01 and ${String(sectionsPerShelf).padStart(2, "0")}`;
}

export function shelfSectionDisagreeMessage(shelfCell: string, section: string): string {
  return `Shelf ${shelfCell} names a different section than Section ${section}`;
}

export function containerSectionMessage(shelf: string): string {
  return `Shelf ${shelf} is a container shelf: leave Section empty or write CONTAINER`;
}

export function warehouseNotFoundMessage(warehouse: string): string {
  return `Warehouse ${warehouse} does not exist`;
}

export function itemRowsDisagreeMessage(itemNo: string, header: string, rows: number[]): string {
  return `Item ${itemNo} has different ${header} values in rows ${rows.join(", ")}`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const FILE_NAME_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

export const ImportFileNameQuerySchema = z.strictObject({
  /**
   * The name of the chosen file (never used as a path); it must end in .csv. It is echoed in the answer
   * and recorded in the audit log, so control characters are refused (a NUL cannot be stored at all).
   */
  fileName: z
    .string()
    .max(255, "The file name is too long")
    .refine(
      (value) => !FILE_NAME_CONTROL_CHARACTERS.test(value),
      "The file name contains characters that are not allowed",
    )
    .default(""),
});

export const ImportRowErrorSchema = z.object({
  /** Data row number (1 = first row under the header); null for a problem of the whole upload. */
  row: z.number().int().nullable(),
  /** The column the problem is in, when there is one. */
  field: z.enum(IMPORT_FIELDS).nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportRowLocationSchema = z.object({
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  shelf: z.string(),
  /** Two digits for a grid position; null for a container shelf. */
  section: z.string().nullable(),
  code: z.string(),
});

export const ImportPreviewRowSchema = z.object({
  row: z.number().int(),
  /**
   * The row's values as they will be saved: text trimmed, type and unit in their stored form with the
   * bulk defaults (OTHER, pieces) applied, numbers as decimal strings. A value that is not valid is
   * shown as written, and the row's errors say why.
   */
  values: z.object({
    itemNo: z.string(),
    name: z.string(),
    description: z.string(),
    type: z.string(),
    unit: z.string(),
    unitPrice: z.string(),
    minQuantity: z.string(),
    quantity: z.string(),
    warehouse: z.string(),
    shelf: z.string(),
    section: z.string(),
  }),
  /** The storage position the row resolves to; null while the warehouse, shelf or section is wrong. */
  location: ImportRowLocationSchema.nullable(),
  errors: z.array(ImportRowErrorSchema),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportSummarySchema = z.object({
  fileName: z.string(),
  /** Data rows read (blank lines are skipped and not counted). */
  rows: z.number().int(),
  rowsWithErrors: z.number().int(),
  errorCount: z.number().int(),
  /** Distinct item numbers (new items the upload creates). */
  items: z.number().int(),
  /** Rows with a quantity above 0: one received movement each. */
  movements: z.number().int(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/** POST /api/imports/preview: every row with its values and errors; nothing is written. */
export const ImportPreviewResponseSchema = z.object({
  summary: ImportSummarySchema,
  /** The file's columns in file order, as their fields. */
  columns: z.array(z.enum(IMPORT_FIELDS)),
  rows: z.array(ImportPreviewRowSchema),
  /** True when no row has an error: the same file can be committed. */
  canCommit: z.boolean(),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponseSchema>;

/** POST /api/imports/commit: what one all-or-nothing upload saved. */
export const ImportCommitResponseSchema = z.object({
  fileName: z.string(),
  rows: z.number().int(),
  itemsCreated: z.number().int(),
  movementsCreated: z.number().int(),
});
export type ImportCommitResponse = z.infer<typeof ImportCommitResponseSchema>;

/**
 * The details of an IMPORT_REJECTED error (422, 'The upload could not be completed. No items were
 * saved.'): every problem with its row number. Validation errors come from the rows' contents;
 * processing errors from saving them (what changed in the database since the preview).
 */
export const ImportRejectedDetailsSchema = z.object({
  validationErrors: z.array(ImportRowErrorSchema),
  processingErrors: z.array(ImportRowErrorSchema),
});
export type ImportRejectedDetails = z.infer<typeof ImportRejectedDetailsSchema>;

/**
 * Progress of a commit, identified by its Idempotency-Key, stored in PostgreSQL so any API process
 * answers it. 'waiting': nothing started under this key yet; 'validating': reading and checking the
 * file; 'saving_items', 'saving_stock': writing (processed and total count records: the items, then
 * the movements); 'done' (committed) or 'failed' (nothing saved; message says why).
 */
export const IMPORT_PHASES = [
  "waiting",
  "validating",
  "saving_items",
  "saving_stock",
  "done",
  "failed",
] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const ImportProgressSchema = z.object({
  phase: z.enum(IMPORT_PHASES),
  processed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int().min(0).max(100),
  message: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

export const ImportProgressParamsSchema = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, "The key must be 8 to 128 letters, digits, - or _."),
});
