import { isWholeNumber, MESSAGES, WHOLE_NUMBER_UNITS } from "@wms/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { copyRows } from "../../db/copy-rows.ts";
import { reserveIds } from "../../db/reserve-ids.ts";
import { AppError } from "../../http/app-error.ts";
import { toThousandths } from "../../lib/decimal.ts";
import { type Actor, announceWrites, recordAuditSelect } from "../audit/audit.repository.ts";
import { lockReceiptSubjects } from "./stock.service.ts";

/** One received quantity at one position, as a bulk upload brings them. */
export interface BulkReceipt {
  itemId: number;
  locationId: number;
  quantity: string;
}

export interface BulkReceiptOptions {
  reason: string;
  managedBy: number | null;
  managedByName: string | null;
  /** Movements written per statement; progress is reported after each slice. */
  sliceSize: number;
  onProgress?: (written: number) => void;
}

/** The staging table: a temporary table of the caller's transaction, dropped when it ends. */
const STAGE = "stock_bulk_receipts";

/** A refused receipt: the stock service's message, and which receipt (0-based) it is about. */
function refused(index: number, field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, { fields: { [field]: message }, receipt: index });
}

/**
 * The stock service's rules for a receipt (writeStockChanges checks the same): a live item, a
 * quantity above 0, whole numbers for pieces and boxes, a live destination. Items and positions are
 * locked FOR SHARE (ids ascending) so neither is archived before the caller commits.
 */
async function lockAndCheck(tx: Tx, receipts: BulkReceipt[]): Promise<Map<number, string>> {
  const { units, locations: live } = await lockReceiptSubjects(tx, receipts);
  receipts.forEach((receipt, index) => {
    const unit = units.get(receipt.itemId);
    if (unit === undefined) {
      throw refused(index, "itemId", MESSAGES.selectValidItem);
    }
    if (toThousandths(receipt.quantity) <= 0n) {
      throw refused(index, "quantity", MESSAGES.quantityAboveZero);
    }
    if (WHOLE_NUMBER_UNITS.has(unit) && !isWholeNumber(receipt.quantity)) {
      throw refused(index, "quantity", `Quantity must be a whole number for ${unit}`);
    }
    if (!live.has(receipt.locationId)) {
      throw refused(index, "toLocationId", MESSAGES.selectDestination);
    }
  });
  return units;
}

/**
 * The stock service's way for many receipts at once (a bulk upload of up to 100,000 rows), inside
 * the caller's transaction: the same checks and locks as writeStockChanges, then the rows are COPYed
 * into a staging table and written set-based from it, a slice at a time: the received movements (in
 * the order given, ids ascending), an audit row each, and at the end every balance in one statement
 * in (item, location) order. Receipts only add stock, so no availability check is needed.
 * Returns the movement ids in the order given.
 */
export async function writeBulkReceipts(
  tx: Tx,
  receipts: BulkReceipt[],
  actor: Actor,
  options: BulkReceiptOptions,
): Promise<number[]> {
  if (receipts.length === 0) {
    return [];
  }
  const units = await lockAndCheck(tx, receipts);
  const ids = await reserveIds(tx, "stock_movements", receipts.length);
  await tx.execute(sql.raw(`drop table if exists pg_temp.${STAGE}`));
  await tx.execute(
    sql.raw(`create temp table ${STAGE} (n int primary key, id bigint not null, item_id int not null,
      location_id int not null, quantity text not null, unit text not null) on commit drop`),
  );
  await copyRows(
    tx,
    STAGE,
    ["n", "id", "item_id", "location_id", "quantity", "unit"],
    (function* () {
      for (let n = 0; n < receipts.length; n++) {
        const receipt = receipts[n] as BulkReceipt;
        yield [
          n,
          ids[n] ?? null,
          receipt.itemId,
          receipt.locationId,
          receipt.quantity,
          units.get(receipt.itemId) ?? "",
        ];
      }
    })(),
  );
  const stage = sql.identifier(STAGE);
  const { reason, managedBy, managedByName } = options;
  for (let start = 0; start < receipts.length; start += options.sliceSize) {
    const end = start + options.sliceSize;
    await tx.execute(sql`
      insert into stock_movements (id, type, item_id, quantity, unit, to_location_id, reason, managed_by,
        managed_by_name, occurred_at, created_by)
      select s.id, 'received', s.item_id, s.quantity::numeric, s.unit, s.location_id, ${reason},
        ${managedBy}::int, ${managedByName}::text, now(), ${actor.userId}::int
      from ${stage} s where s.n >= ${start} and s.n < ${end} order by s.n`);
    // The entry writeStockChanges logs for a movement: the change as given, its unit and author.
    await recordAuditSelect(
      tx,
      actor,
      { entity: "stock_movement", action: "create" },
      sql`select s.id::text, jsonb_build_object('type', 'received', 'itemId', s.item_id, 'quantity', s.quantity,
            'fromLocationId', null, 'toLocationId', s.location_id, 'adjustment', null, 'reason', ${reason}::text,
            'managedBy', ${managedBy}::int, 'managedByName', ${managedByName}::text, 'supplier', null,
            'invoice', null, 'unitPrice', null, 'purchaseId', null, 'occurredAt', null, 'unit', s.unit,
            'createdBy', ${actor.userId}::int)
          from ${stage} s where s.n >= ${start} and s.n < ${end} order by s.n`,
    );
    options.onProgress?.(Math.min(end, receipts.length));
  }
  // Balances in the fixed (item, location) order of DESIGN.md section 5; a first receipt creates one.
  await tx.execute(sql`
    insert into stock_balances (item_id, location_id, quantity)
    select s.item_id, s.location_id, sum(s.quantity::numeric) from ${stage} s
    group by s.item_id, s.location_id order by s.item_id, s.location_id
    on conflict (item_id, location_id)
    do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()`);
  await announceWrites(tx, { entity: "stock_movement", action: "create" }, ids);
  return ids;
}
