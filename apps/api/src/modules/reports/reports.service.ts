import {
  addDays,
  CSV_BOM,
  csvText,
  itemTypeLabel,
  MESSAGES,
  REPORT_TITLES,
  type ReportColumn,
  type ReportResponse,
  type ReportRow,
  type ReportTable,
  type ReportType,
  toCsv,
  todayIn,
} from "@wms/domain";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { getItem } from "../items/items.service.ts";
import { REPORT_COLUMNS } from "./report-definitions.ts";
import { inReportSnapshot } from "./report-transaction.ts";
import {
  inventorySummaryRows,
  itemStockRows,
  movementHistoryRows,
  type Period,
  singleItemDays,
  valuationRows,
} from "./reports.repository.ts";
import { stockForPeriod } from "./stock-for-period.ts";

export interface ReportRequest {
  start?: string | undefined;
  end?: string | undefined;
  itemId?: number | undefined;
  month?: string | undefined;
}

/** The pool (`database`) lets Stock for Period borrow a second connection; without it, one is used. */
type Deps = Pick<AppDeps, "db" | "config" | "clock"> & Partial<Pick<AppDeps, "database">>;
type RawRow = Record<string, unknown>;

/** [start of `start`, start of the day after `end`) in the business time zone, as instants. */
async function periodOf(db: DbOrTx, start: string, end: string, timeZone: string): Promise<Period> {
  const result = await db.execute<{ start: string; end: string }>(sql`
    select to_json(${start}::date::timestamp at time zone ${timeZone}) #>> '{}' as start,
           to_json((${end}::date + 1)::timestamp at time zone ${timeZone}) #>> '{}' as "end"`);
  const row = result.rows[0];
  if (!row) {
    throw new Error("period query returned no row");
  }
  return { start: new Date(row.start), end: new Date(row.end) };
}

function typeLabel(row: RawRow): RawRow {
  return typeof row.type === "string" ? { ...row, type: itemTypeLabel(row.type) } : row;
}

function movementLabel(row: RawRow): RawRow {
  const type = String(row.type);
  const label = `${type.charAt(0).toUpperCase()}${type.slice(1)}`;
  return { ...row, type: row.adjustment ? `${label} (${row.adjustment})` : label };
}

function table(
  key: string,
  title: string,
  columns: ReportColumn[],
  rows: RawRow[],
  totals: ReportRow[] = [],
): ReportTable {
  const keys = columns.map((c) => c.key);
  const pick = (row: RawRow): ReportRow =>
    Object.fromEntries(keys.map((k) => [k, (row[k] ?? null) as ReportRow[string]]));
  return {
    key,
    title,
    columns,
    rows: rows.map(pick),
    totals,
    totalRows: Number(rows[0]?.totalRows ?? rows.length),
  };
}

/** The per-type and grand totals at the foot of Inventory Summary and Valuation, from the rows' query. */
function typeTotals(rows: RawRow[], valueKey: string, costKey?: string): ReportRow[] {
  const first = rows[0];
  const byType = (first?.typeTotals ?? []) as Array<{ type: string; value: string; valueAtCost: string }>;
  const totals: ReportRow[] = byType.map((row) => ({
    itemNo: `Total ${itemTypeLabel(row.type)}`,
    [valueKey]: row.value,
    ...(costKey ? { [costKey]: row.valueAtCost } : {}),
  }));
  totals.push({
    itemNo: "Total",
    [valueKey]: String(first?.totalValue ?? "0.00"),
    ...(costKey ? { [costKey]: String(first?.totalValueAtCost ?? "0.00") } : {}),
  });
  return totals;
}

/**
 * Builds one report. Every figure comes from PostgreSQL; this only names columns and adds totals. All
 * of a report's queries (its rows, its totals, the item, the days, the movements) read one snapshot
 * (report-transaction.ts), so a movement recorded while the report runs is either in every table and
 * total or in none; Stock for Period may read it on two connections at once (stock-for-period.ts).
 */
export async function buildReport(
  deps: Deps,
  type: ReportType,
  request: ReportRequest,
  limit: number,
): Promise<ReportResponse> {
  return inReportSnapshot(deps.db, (tx) => buildReportIn(tx, deps, type, request, limit));
}

async function buildReportIn(
  db: Tx,
  deps: Deps,
  type: ReportType,
  request: ReportRequest,
  limit: number,
): Promise<ReportResponse> {
  const { config } = deps;
  const timeZone = config.businessTimeZone;
  const today = todayIn(timeZone, deps.clock.now());
  const end = request.end ?? today;
  const start = request.start ?? `${end.slice(0, 8)}01`;
  const response = (
    tables: ReportTable[],
    bounds: { start: string | null; end: string | null },
  ): ReportResponse => ({
    type,
    title: REPORT_TITLES[type],
    start: bounds.start,
    end: bounds.end,
    generatedAt: deps.clock.now().toISOString(),
    tables,
  });

  switch (type) {
    case "item-stock": {
      const { end: until } = await periodOf(db, start, end, timeZone);
      const rows = (await itemStockRows(db, until, limit)).map(typeLabel);
      const totals = [{ itemNo: "Total", value: String(rows[0]?.grandValue ?? "0.00") }];
      return response([table("stock", REPORT_TITLES[type], REPORT_COLUMNS[type], rows, totals)], {
        start: null,
        end,
      });
    }
    case "inventory-summary": {
      const { end: until } = await periodOf(db, start, end, timeZone);
      const raw = await inventorySummaryRows(db, until, limit);
      const rows = raw.map(typeLabel);
      const totals = typeTotals(raw, "value");
      return response([table("summary", REPORT_TITLES[type], REPORT_COLUMNS[type], rows, totals)], {
        start: null,
        end,
      });
    }
    case "valuation": {
      const { end: until } = await periodOf(db, start, end, timeZone);
      const raw = await valuationRows(db, until, limit);
      const rows = raw.map(typeLabel);
      const totals = typeTotals(raw, "value", "valueAtCost");
      return response([table("valuation", REPORT_TITLES[type], REPORT_COLUMNS[type], rows, totals)], {
        start: null,
        end,
      });
    }
    case "movement-history": {
      const period = await periodOf(db, start, end, timeZone);
      const rows = (await movementHistoryRows(db, period, limit)).map(movementLabel);
      return response([table("movements", REPORT_TITLES[type], REPORT_COLUMNS[type], rows)], { start, end });
    }
    case "stock-for-period": {
      const period = await periodOf(db, start, end, timeZone);
      const rows = (await stockForPeriod(db, deps.database, period, limit)).map(typeLabel);
      const first = rows[0];
      const totals: ReportRow[] = [
        {
          itemNo: "Total",
          openingValue: String(first?.sumOpeningValue ?? "0.00"),
          inValue: String(first?.sumInValue ?? "0.00"),
          outValue: String(first?.sumOutValue ?? "0.00"),
          closingValue: String(first?.sumClosingValue ?? "0.00"),
        },
      ];
      return response([table("stock", REPORT_TITLES[type], REPORT_COLUMNS[type], rows, totals)], {
        start,
        end,
      });
    }
    case "single-item-summary": {
      if (!request.itemId) {
        throw new AppError("VALIDATION_FAILED", MESSAGES.selectValidItem, {
          fields: { itemId: MESSAGES.selectValidItem },
        });
      }
      const item = await getItem(db, request.itemId);
      const month = request.month ?? today.slice(0, 7);
      const monthStart = `${month}-01`;
      const monthEnd = addDays(`${addDays(monthStart, 31).slice(0, 7)}-01`, -1);
      const period = await periodOf(db, monthStart, monthEnd, timeZone);
      const days = await singleItemDays(db, item.id, period, timeZone);
      // The month's totals are summed in PostgreSQL with the days (exact numeric, never binary floats).
      const first = days[0];
      const dayTotals: ReportRow[] = [
        {
          date: "Total",
          in: String(first?.sumIn ?? "0"),
          out: String(first?.sumOut ?? "0"),
          inValue: String(first?.sumInValue ?? "0.00"),
          outValue: String(first?.sumOutValue ?? "0.00"),
        },
      ];
      const movements = (await movementHistoryRows(db, period, limit, item.id)).map(movementLabel);
      const title = `${item.itemNo} ${item.name} (${item.unit}), ${month}`;
      return response(
        [
          table("days", title, REPORT_COLUMNS[type], days, dayTotals),
          table("movements", "Movements of the month", REPORT_COLUMNS["movement-history"], movements),
        ],
        { start: monthStart, end: monthEnd },
      );
    }
  }
}

/** The report as one CSV document: each table with its header, rows and totals (PD 17); a report of
 * several tables puts each table's title above it. */
export function reportToCsv(report: ReportResponse): string {
  const sections = report.tables.map((t) => {
    const numeric = new Set(
      t.columns.flatMap((c, i) => (c.kind === "quantity" || c.kind === "money" ? [i] : [])),
    );
    const rows = [...t.rows, ...t.totals].map((row) => t.columns.map((c) => row[c.key] ?? null));
    const csv = toCsv(
      t.columns.map((c) => c.label),
      rows,
      numeric,
    ).slice(CSV_BOM.length);
    return report.tables.length > 1 ? `${csvText(t.title)}\r\n${csv}` : csv;
  });
  return `${CSV_BOM}${sections.join("\r\n")}`;
}
