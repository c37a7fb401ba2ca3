import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { SYSTEM_ACTOR } from "../modules/audit/audit.repository.ts";
import { createItem } from "../modules/items/items.service.ts";
import { createAccount } from "../modules/staff/accounts.service.ts";
import { type StockChange, writeStockChanges } from "../modules/stock/stock.service.ts";
import { countLiveUsers } from "../modules/users/users.repository.ts";
import { createWarehouse, type WarehouseLayoutInput } from "../modules/warehouses/warehouses.service.ts";
import { demoCatalog } from "./demo-catalog.ts";
import { HISTORY_DAYS, seedHistory } from "./demo-history.ts";

export const DEMO_PASSWORD = "demo-password-2026";

export const DEMO_ACCOUNTS = [
  { role: "admin", name: "Mariam Al Suwaidi", email: "admin@demo.wms" },
  { role: "admin", name: "Rahul Menon", email: "operations@demo.wms" },
  { role: "staff", name: "Ahmed Khalil", email: "ahmed@demo.wms" },
  { role: "staff", name: "Fatima Noor", email: "fatima@demo.wms" },
  { role: "staff", name: "Joseph Mathew", email: "joseph@demo.wms" },
  { role: "staff", name: "Siti Rahmawati", email: "siti@demo.wms" },
  { role: "staff", name: "Yousef Haddad", email: "yousef@demo.wms" },
] as const;

/** Sites of a tea and food trader around Dubai: a large distribution centre down to a shop store room. */
export const DEMO_WAREHOUSES: Array<WarehouseLayoutInput & { containerShelves: string[] }> = [
  {
    name: "JAFZA-DC",
    location: "Jebel Ali Free Zone, Dubai",
    maxShelves: 30,
    sectionsPerShelf: 10,
    containerShelves: ["COLD", "BULK", "QUARANTINE"],
  },
  {
    name: "ALQUOZ",
    location: "Al Quoz Industrial Area 3, Dubai",
    maxShelves: 12,
    sectionsPerShelf: 6,
    containerShelves: ["PALLET"],
  },
  {
    name: "DEIRA",
    location: "Al Ras, Deira, Dubai",
    maxShelves: 6,
    sectionsPerShelf: 4,
    containerShelves: ["SPICE"],
  },
  {
    name: "SHJ-TEA",
    location: "Industrial Area 6, Sharjah",
    maxShelves: 10,
    sectionsPerShelf: 3,
    containerShelves: [],
  },
];

/**
 * Fills an empty demo database. Runs through the same services and audit log as real use, and does
 * nothing when the database already holds accounts (the demo keeps what people did in it).
 */
export async function seedDemoData(db: Db, config: Config): Promise<boolean> {
  if ((await countLiveUsers(db, "admin")) > 0) {
    return false;
  }
  for (const account of DEMO_ACCOUNTS) {
    await createAccount(
      db,
      account.role,
      { name: account.name, email: account.email, password: DEMO_PASSWORD },
      SYSTEM_ACTOR,
      { mustChangePassword: false },
    );
  }
  const warehouseIds: number[] = [];
  for (const { containerShelves, ...layout } of DEMO_WAREHOUSES) {
    warehouseIds.push((await createWarehouse(db, layout, SYSTEM_ACTOR, containerShelves)).id);
  }
  const random = seededRandom(2026);
  await seedItemsWithOpeningStock(db, warehouseIds, random);
  await seedHistory(db, config, random);
  return true;
}

/** A small deterministic generator, so every demo has the same stock. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The catalogue, and opening stock for most items received through the stock service (one receipt
 * per stocked position), spread over the warehouses' positions. Some items are left below their
 * minimum so the low-stock banner has something to say.
 */
async function seedItemsWithOpeningStock(
  db: Db,
  warehouseIds: number[],
  random: () => number,
): Promise<void> {
  const openedAt = new Date(Date.now() - (HISTORY_DAYS + 5) * 86_400_000);
  const positions = await db.execute<{ id: number }>(sql`
    select id from locations where warehouse_id in (${sql.join(warehouseIds, sql`, `)}) and archived_at is null order by id`);
  const positionIds = positions.rows.map((row) => row.id);
  const receipts: StockChange[] = [];
  for (const data of demoCatalog()) {
    const item = await createItem(db, data, SYSTEM_ACTOR);
    if (random() < 0.15) {
      continue; // never stocked yet
    }
    const whole = data.unit === "pieces" || data.unit === "box";
    const spread = 1 + Math.floor(random() * 3);
    for (let n = 0; n < spread; n += 1) {
      const amount = Number(data.minQuantity) * (random() < 0.2 ? 0.2 : 0.6 + random() * 2) + 1;
      receipts.push({
        type: "received" as const,
        itemId: item.id,
        quantity: whole ? String(Math.ceil(amount)) : amount.toFixed(3),
        fromLocationId: null,
        toLocationId: positionIds[Math.floor(random() * positionIds.length)] ?? null,
        adjustment: null,
        reason: "Opening stock",
        managedBy: null,
        supplier: "Opening balance",
        invoice: null,
        unitPrice: data.unitPrice,
        purchaseId: null,
        occurredAt: openedAt,
      });
    }
  }
  await inTransaction(db, (tx) => writeStockChanges(tx, receipts, SYSTEM_ACTOR));
}
