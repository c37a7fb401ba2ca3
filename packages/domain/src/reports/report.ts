import { z } from "zod";
import { DateOnlySchema } from "../common/dates.ts";

/** Product-decisions 18: the six reports, all shown in the list. */
export const REPORT_TYPES = [
  "item-stock",
  "inventory-summary",
  "movement-history",
  "valuation",
  "single-item-summary",
  "stock-for-period",
] as const;
export const ReportTypeSchema = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof ReportTypeSchema>;

export const REPORT_TITLES: Record<ReportType, string> = {
  "item-stock": "Item Stock (Detailed)",
  "inventory-summary": "Inventory Summary",
  "movement-history": "Movement History",
  valuation: "Valuation",
  "single-item-summary": "Single Item Summary",
  "stock-for-period": "Stock for Period",
};

/** Rows a report returns on screen; the CSV export carries up to EXPORT_ROW_LIMIT. */
export const SCREEN_ROW_LIMIT = 2_000;
export const EXPORT_ROW_LIMIT = 200_000;

export const ReportQuerySchema = z
  .strictObject({
    start: DateOnlySchema.optional(),
    end: DateOnlySchema.optional(),
    itemId: z.coerce.number().int().positive().optional(),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month as YYYY-MM")
      .optional(),
  })
  .refine((query) => !query.start || !query.end || query.start <= query.end, {
    path: ["end"],
    message: "End Date must not be before Start Date",
  });
export type ReportQuery = z.input<typeof ReportQuerySchema>;

export const ReportColumnKindSchema = z.enum(["text", "quantity", "money", "date", "datetime", "flag"]);
export type ReportColumnKind = z.infer<typeof ReportColumnKindSchema>;

export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: ReportColumnKindSchema,
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportRow = Record<string, z.infer<typeof ReportCellSchema>>;

export const ReportTableSchema = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(ReportColumnSchema),
  rows: z.array(z.record(z.string(), ReportCellSchema)),
  /** Totals rows (overall, and by item type where a report has them), aligned with the columns. */
  totals: z.array(z.record(z.string(), ReportCellSchema)),
  /** Rows in the full result; more than `rows.length` when the screen limit cut it. */
  totalRows: z.number().int(),
});
export type ReportTable = z.infer<typeof ReportTableSchema>;

export const ReportResponseSchema = z.object({
  type: ReportTypeSchema,
  title: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  generatedAt: z.string(),
  tables: z.array(ReportTableSchema),
});
export type ReportResponse = z.infer<typeof ReportResponseSchema>;
