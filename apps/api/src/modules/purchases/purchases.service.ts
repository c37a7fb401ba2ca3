import {
  type CreatePurchaseRequestSchema,
  isWholeNumber,
  MESSAGES,
  type PurchaseView,
  type SessionUser,
  todayIn,
  WHOLE_NUMBER_UNITS,
} from "@wms/domain";
import type { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import type { Tx } from "../../db/client.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import { type IdempotencyClaim, onceForKey } from "../../http/idempotency.ts";
import { fromThousandths, toThousandths } from "../../lib/decimal.ts";
import { type Actor, recordAudit } from "../audit/audit.repository.ts";
import { lockStockSubjects, type StockChange, writeStockChanges } from "../stock/stock.service.ts";
import {
  applyPurchasePrice,
  insertPurchase,
  insertPurchaseLine,
  isInvoiceRecorded,
  lockSupplierInvoice,
  noonOf,
  purchaseTotal,
} from "./purchases.repository.ts";

type CreatePurchase = z.output<typeof CreatePurchaseRequestSchema>;

/**
 * Checks every line before anything is written, naming the line (and allocation) at fault: a live
 * item, live locations, and whole numbers for items counted in pieces or boxes. Locks what it checks,
 * as the stock service will.
 */
async function assertLinesValid(tx: Tx, lines: CreatePurchase["lines"]): Promise<void> {
  const { items, locations } = await lockStockSubjects(
    tx,
    lines.map((line) => line.itemId),
    lines.flatMap((line) => line.allocations.map((allocation) => allocation.locationId)),
  );
  const fields: Record<string, string> = {};
  lines.forEach((line, n) => {
    const item = items.get(line.itemId);
    if (!item) {
      fields[`lines.${n}.itemId`] = MESSAGES.selectValidItem;
      return;
    }
    line.allocations.forEach((allocation, k) => {
      if (!locations.has(allocation.locationId)) {
        fields[`lines.${n}.allocations.${k}.locationId`] = MESSAGES.selectDestination;
      } else if (WHOLE_NUMBER_UNITS.has(item.unit) && !isWholeNumber(allocation.quantity)) {
        fields[`lines.${n}.allocations.${k}.quantity`] = `Quantity must be a whole number for ${item.unit}`;
      }
    });
  });
  const [first] = Object.entries(fields);
  if (first) {
    const line = Number(first[0].split(".")[1]) + 1;
    throw new AppError("VALIDATION_FAILED", `Line ${line}: ${first[1]}`, { fields });
  }
}

/**
 * Records a purchase (product-decisions 14) in one transaction: the purchase and its lines, the
 * spec's unit-price rule, and one received movement per chosen location, dated noon of the purchase
 * date in the business time zone, all through the stock service. Once per idempotency key.
 */
export async function createPurchase(
  deps: Pick<AppDeps, "db" | "config" | "clock">,
  input: CreatePurchase,
  user: SessionUser,
  actor: Actor,
  claim: IdempotencyClaim | null,
): Promise<PurchaseView> {
  const timeZone = deps.config.businessTimeZone;
  if (input.date > todayIn(timeZone, deps.clock.now())) {
    throw new AppError("VALIDATION_FAILED", MESSAGES.purchaseDateInFuture, {
      fields: { date: MESSAGES.purchaseDateInFuture },
    });
  }
  return inTransaction(deps.db, (tx) =>
    onceForKey(tx, claim, async () => {
      await lockSupplierInvoice(tx, input.supplierName, input.invoiceNumber);
      if (await isInvoiceRecorded(tx, input.supplierName, input.invoiceNumber)) {
        throw new AppError("PURCHASE_DUPLICATE", MESSAGES.purchaseDuplicate, {
          fields: { invoiceNumber: MESSAGES.purchaseDuplicate },
        });
      }
      await assertLinesValid(tx, input.lines);
      const purchaseId = await insertPurchase(tx, { ...input, createdBy: user.id });
      // Prices first, in item order: the stock service then only needs share locks on these rows.
      const lastPriceByItem = new Map(input.lines.map((line) => [line.itemId, line.unitPrice]));
      for (const [itemId, unitPrice] of [...lastPriceByItem].sort(([a], [b]) => a - b)) {
        await applyPurchasePrice(tx, itemId, unitPrice);
      }
      const occurredAt = await noonOf(tx, input.date, timeZone);
      const changes: StockChange[] = [];
      for (const line of input.lines) {
        const quantity = line.allocations.reduce(
          (sum, allocation) => sum + toThousandths(allocation.quantity),
          0n,
        );
        await insertPurchaseLine(tx, {
          purchaseId,
          itemId: line.itemId,
          quantity: fromThousandths(quantity),
          unitPrice: line.unitPrice,
        });
        for (const allocation of line.allocations) {
          changes.push({
            type: "received",
            adjustment: null,
            itemId: line.itemId,
            quantity: allocation.quantity,
            fromLocationId: null,
            toLocationId: allocation.locationId,
            reason: input.notes || `Purchase ${input.invoiceNumber}`,
            managedBy: user.id,
            supplier: input.supplierName,
            invoice: input.invoiceNumber,
            unitPrice: line.unitPrice,
            purchaseId,
            occurredAt,
          });
        }
      }
      const movementIds = await writeStockChanges(tx, changes, actor);
      const view: PurchaseView = {
        id: purchaseId,
        invoiceNumber: input.invoiceNumber,
        supplierName: input.supplierName,
        date: input.date,
        notes: input.notes,
        totalValue: await purchaseTotal(tx, purchaseId),
        movementIds,
      };
      await recordAudit(tx, actor, {
        entity: "purchase",
        entityId: purchaseId,
        action: "create",
        after: input,
      });
      return view;
    }),
  );
}
