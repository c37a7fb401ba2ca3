import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

/** Serialises purchases of one supplier's invoice, so a double submission cannot record it twice. */
export async function lockSupplierInvoice(
  tx: DbOrTx,
  supplierName: string,
  invoiceNumber: string,
): Promise<void> {
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtext(lower(btrim(${supplierName})) || '|' || lower(btrim(${invoiceNumber}))))`);
}

/** Whether a purchase of this supplier's invoice stands (a voided one no longer counts). */
export async function isInvoiceRecorded(
  tx: DbOrTx,
  supplierName: string,
  invoiceNumber: string,
): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from purchases
    where lower(btrim(supplier_name)) = lower(btrim(${supplierName}))
      and lower(btrim(invoice_number)) = lower(btrim(${invoiceNumber}))
      and voided_at is null`);
  return result.rows.length > 0;
}

/**
 * Voids a purchase none of whose movements is live any more, under its row lock: two deletions of
 * its last two movements, committed one after the other, see each other's mark, so the later one
 * voids it. Returns what the audit log keeps of the purchase when it was voided now, else null.
 */
export async function voidPurchaseIfEmptied(
  tx: DbOrTx,
  purchaseId: number,
): Promise<{ invoiceNumber: string; supplierName: string; date: string } | null> {
  await tx.execute(sql`select 1 from purchases where id = ${purchaseId} for update`);
  const result = await tx.execute<{ invoiceNumber: string; supplierName: string; date: string }>(sql`
    update purchases set voided_at = now()
    where id = ${purchaseId} and voided_at is null
      and not exists (select 1 from stock_movements where purchase_id = ${purchaseId} and deleted_at is null)
    returning invoice_number as "invoiceNumber", supplier_name as "supplierName",
              purchase_date::text as date`);
  return result.rows[0] ?? null;
}

export async function insertPurchase(
  tx: DbOrTx,
  values: {
    invoiceNumber: string;
    supplierName: string;
    date: string;
    notes: string;
    createdBy: number | null;
  },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into purchases (invoice_number, supplier_name, purchase_date, notes, created_by)
    values (${values.invoiceNumber}, ${values.supplierName}, ${values.date}::date, ${values.notes}, ${values.createdBy})
    returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) {
    throw new Error("insert into purchases returned no row");
  }
  return id;
}

export async function insertPurchaseLine(
  tx: DbOrTx,
  values: { purchaseId: number; itemId: number; quantity: string; unitPrice: string },
): Promise<void> {
  await tx.execute(sql`
    insert into purchase_lines (purchase_id, item_id, quantity, unit_price)
    values (${values.purchaseId}, ${values.itemId}, ${values.quantity}::numeric, ${values.unitPrice}::numeric)`);
}

/** The spec's rule: a purchase price above 0 that differs from the item's becomes its unit price. */
export async function applyPurchasePrice(tx: DbOrTx, itemId: number, unitPrice: string): Promise<void> {
  await tx.execute(sql`
    update items set unit_price = ${unitPrice}::numeric, updated_at = now()
    where id = ${itemId} and archived_at is null and ${unitPrice}::numeric > 0 and unit_price <> ${unitPrice}::numeric`);
}

/** Noon of a calendar date in the business time zone (spec: purchases are timed at noon). */
export async function noonOf(tx: DbOrTx, date: string, timeZone: string): Promise<Date> {
  const result = await tx.execute<{ noon: string }>(sql`
    select to_json((${date}::date + time '12:00') at time zone ${timeZone}) #>> '{}' as noon`);
  return new Date(result.rows[0]?.noon ?? `${date}T12:00:00Z`);
}

export async function purchaseTotal(tx: DbOrTx, purchaseId: number): Promise<string> {
  const result = await tx.execute<{ total: string }>(sql`
    select coalesce(sum(round(quantity * unit_price, 2)), 0)::numeric(16,2)::text as total
    from purchase_lines where purchase_id = ${purchaseId}`);
  return result.rows[0]?.total ?? "0.00";
}
