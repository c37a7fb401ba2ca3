import { addDays, todayIn } from "@wms/domain";
import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { systemClock } from "../lib/clock.ts";
import { SYSTEM_ACTOR } from "../modules/audit/audit.repository.ts";
import { createPurchase } from "../modules/purchases/purchases.service.ts";
import { type StockChange, writeStockChanges } from "../modules/stock/stock.service.ts";

export const HISTORY_DAYS = 90;
const SUPPLIERS = [
  "Ceylon Leaf Trading",
  "Assam Gardens Export",
  "Kenya Tea Brokers",
  "Gulf Packaging LLC",
  "Spice Route FZE",
];
const REASONS = {
  dispatched: ["Customer order", "Cafe chain delivery", "Retail replenishment", "Export shipment"],
  moved: ["Re-slotting", "Moved to picking face", "Consolidation", "Cold room rotation"],
  increase: ["Stock count surplus", "Found during cycle count"],
  decrease: ["Damaged in handling", "Expired", "Stock count shortage"],
};

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** An instant on `date` at `hour` o'clock in Dubai (UTC+4, no daylight saving). */
function atDubaiHour(date: string, hour: number, minute: number): Date {
  return new Date(
    Date.UTC(
      Number(date.slice(0, 4)),
      Number(date.slice(5, 7)) - 1,
      Number(date.slice(8, 10)),
      hour - 4,
      minute,
    ),
  );
}

interface Balance {
  itemId: number;
  locationId: number;
  quantity: string;
  unit: string;
  warehouseId: number;
  [column: string]: unknown;
}

/**
 * Three months of a trader's activity, through the same services as real use: a purchase every few days
 * and a working day's dispatches, moves and count adjustments, each dated in the past.
 */
export async function seedHistory(db: Db, config: Config, random: Random): Promise<void> {
  const people = await db.execute<{ id: number; name: string; role: "admin" | "staff"; email: string }>(
    sql`select id, name, role, email from users where deleted_at is null order by id`,
  );
  const staff = people.rows.filter((person) => person.role === "staff");
  const admin = people.rows.find((person) => person.role === "admin");
  if (!admin || staff.length === 0) {
    return;
  }
  const today = todayIn(config.businessTimeZone);
  const items = await db.execute<{ id: number; unitPrice: string; unit: string }>(
    sql`select id, unit_price::text as "unitPrice", unit from items where archived_at is null order by id`,
  );
  const positions = await db.execute<{ id: number }>(
    sql`select id from locations where archived_at is null order by id`,
  );

  for (let day = HISTORY_DAYS; day >= 1; day -= 1) {
    const date = addDays(today, -day);
    if (day % 3 === 0) {
      const lines = Array.from({ length: 2 + Math.floor(random() * 3) }, () => {
        const item = pick(random, items.rows);
        const whole = item.unit === "pieces" || item.unit === "box";
        const quantity = whole
          ? String(12 * (1 + Math.floor(random() * 10)))
          : (5 + random() * 95).toFixed(3);
        return {
          itemId: item.id,
          unitPrice: item.unitPrice,
          allocations: [{ locationId: pick(random, positions.rows).id, quantity }],
        };
      });
      const uniqueLines = [...new Map(lines.map((line) => [line.itemId, line])).values()];
      await createPurchase(
        { db, config, clock: systemClock },
        {
          invoiceNumber: `INV-${date.replaceAll("-", "")}-${day}`,
          date,
          supplierName: pick(random, SUPPLIERS),
          notes: "",
          lines: uniqueLines,
        },
        {
          id: admin.id,
          name: admin.name,
          email: admin.email,
          role: "admin",
          mustChangePassword: false,
          language: "en",
        },
        SYSTEM_ACTOR,
        null,
      );
    }
    await inTransaction(db, async (tx) => {
      const balances = await tx.execute<Balance>(sql`
        select b.item_id as "itemId", b.location_id as "locationId", b.quantity::text as quantity, i.unit,
               l.warehouse_id as "warehouseId"
        from stock_balances b join items i on i.id = b.item_id join locations l on l.id = b.location_id
        order by b.item_id, b.location_id`);
      const changes: StockChange[] = [];
      const used = new Set<string>();
      for (let n = 0; n < 8 && balances.rows.length > 0; n += 1) {
        const balance = pick(random, balances.rows);
        const key = `${balance.itemId}:${balance.locationId}`;
        if (used.has(key)) {
          continue;
        }
        used.add(key);
        const whole = balance.unit === "pieces" || balance.unit === "box";
        const share = Number(balance.quantity) * (0.05 + random() * 0.25);
        const quantity = whole ? String(Math.max(1, Math.floor(share))) : Math.max(0.001, share).toFixed(3);
        if (Number(quantity) > Number(balance.quantity)) {
          continue;
        }
        const roll = random();
        const type = roll < 0.55 ? "dispatched" : roll < 0.85 ? "moved" : "adjusted";
        const adjustment = type === "adjusted" ? (random() < 0.4 ? "increase" : "decrease") : null;
        const person = pick(random, staff);
        const destination = pick(random, positions.rows).id;
        if (type === "moved" && destination === balance.locationId) {
          continue;
        }
        changes.push({
          type,
          adjustment,
          itemId: balance.itemId,
          quantity,
          fromLocationId:
            type === "dispatched" || type === "moved" || adjustment === "decrease"
              ? balance.locationId
              : null,
          toLocationId:
            type === "moved" ? destination : adjustment === "increase" ? balance.locationId : null,
          reason: pick(random, adjustment ? REASONS[adjustment] : REASONS[type as "dispatched" | "moved"]),
          managedBy: person.id,
          supplier: null,
          invoice: null,
          unitPrice: null,
          purchaseId: null,
          occurredAt: atDubaiHour(date, 8 + Math.floor(random() * 10), Math.floor(random() * 60)),
        });
      }
      await writeStockChanges(tx, changes, { userId: null, requestId: null });
    });
  }
}
