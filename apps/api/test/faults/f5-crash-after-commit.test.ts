import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  type Client,
  checkLedger,
  count,
  embeddedUrl,
  makeTempDir,
  seedStock,
  signIn,
  startApp,
  stopApp,
  stopEverything,
  withDatabase,
} from "./harness.ts";

/**
 * F5: the process dies right after COMMIT, before a byte of the answer is written (the
 * `x-wms-fault: exit-after-commit` hook SIGKILLs it in onSend). The client sees a dropped connection;
 * its retry with the same Idempotency-Key gets the stored 201 and nothing is recorded twice. Run for a
 * purchase, a movement and a CSV commit.
 */
const dataDir = makeTempDir("wms-f5-");
const target = { dataDir };
const HEADER =
  "Item Number,Name,Description,Type,Unit,Unit Price,Min Quantity,Quantity,Warehouse,Shelf,Section";

afterAll(async () => {
  await stopEverything(path.join(dataDir, "pg"), dataDir);
});

describe("F5: a crash after COMMIT, before the response", () => {
  it("replays the stored 201 to the retry, with no duplicate, for a purchase, a movement and an import", async () => {
    let { server, base } = await startApp(target);
    const stock = await withDatabase(embeddedUrl(dataDir), (db) => seedStock(db, "F5", 5));
    const requests: Array<{ name: string; url: string; init: Parameters<Client>[2] }> = [
      {
        name: "purchase",
        url: "/api/purchases",
        init: {
          json: {
            invoiceNumber: "F5-INV-1",
            date: "2026-01-15",
            supplierName: "Fault Supplier",
            notes: "",
            lines: stock.itemIds.map((itemId, n) => ({
              itemId,
              unitPrice: "4",
              allocations: [{ locationId: stock.locationIds[n] as number, quantity: "2" }],
            })),
          },
          headers: { "idempotency-key": "f5-purchase-key" },
        },
      },
      {
        name: "movement",
        url: "/api/movements",
        init: {
          json: {
            type: "received",
            itemId: stock.itemIds[0],
            quantity: "7",
            toLocationId: stock.locationIds[0],
            managedBy: stock.adminId,
            reason: "F5 movement",
          },
          headers: { "idempotency-key": "f5-movement-key" },
        },
      },
      {
        name: "import",
        url: "/api/imports/commit?fileName=f5.csv",
        init: {
          csv: [
            HEADER,
            ...[1, 2, 3].map((n) => `F5-ROW-${n},Row ${n},,,,,,4,${stock.warehouseName},A,01`),
          ].join("\r\n"),
          headers: { "idempotency-key": "f5-import-key" },
        },
      },
    ];
    const figures = () =>
      withDatabase(embeddedUrl(dataDir), async (db) => ({
        purchases: await count(db, sql`select 1 from purchases where invoice_number = 'F5-INV-1'`),
        purchaseMovements: await count(db, sql`select 1 from stock_movements where invoice = 'F5-INV-1'`),
        movements: await count(db, sql`select 1 from stock_movements where reason = 'F5 movement'`),
        importedItems: await count(db, sql`select 1 from items where item_no like 'F5-ROW-%'`),
        idempotencyKeys: await count(db, sql`select 1 from idempotency_keys where key like 'f5-%'`),
      }));
    const committedBy: Record<string, string> = {
      purchase: "purchaseMovements",
      movement: "movements",
      import: "importedItems",
    };
    const expected = {
      purchases: 1,
      purchaseMovements: 5,
      movements: 1,
      importedItems: 3,
      idempotencyKeys: 3,
    };

    for (const { name, url, init } of requests) {
      const admin = await signIn(base);
      const crashed = await admin("POST", url, {
        ...init,
        headers: { ...init?.headers, "x-wms-fault": "exit-after-commit" },
      });
      expect(crashed.status, `${name}: the client must see no answer`).toBe(0);
      console.info(`F5 ${name}: the client saw ${crashed.code}`);
      await server.exited;
      ({ server, base } = await startApp(target));
      // Committed before the crash: the rows are there before any retry.
      const stored = await figures();
      expect(stored[committedBy[name] as keyof typeof stored], `${name}: committed before the crash`).toBe(
        expected[committedBy[name] as keyof typeof expected],
      );
      const retry = await signIn(base);
      const first = await retry("POST", url, init);
      expect(first.status, `${name}: the retry gets the stored 201`).toBe(201);
      const second = await retry("POST", url, init);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
    }
    const after = await figures();
    console.info(`F5: ${JSON.stringify(after)}`);
    expect(after).toEqual(expected);

    expect(await stopApp(server)).toBe(0);
    const ledger = await checkLedger(target);
    expect(ledger.output).toContain("Ledger check passed");
    expect(ledger.code).toBe(0);
  });
});
