import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkLedger,
  count,
  embeddedUrl,
  makeTempDir,
  type Stock,
  seedStock,
  signIn,
  startApp,
  stopApp,
  stopEverything,
  waitFor,
  withDatabase,
} from "./harness.ts";

/**
 * F1: kill -9 of the API while a purchase's transaction is open (the slow-writes hook spaces its
 * statements 25 ms apart, hold-after stops it right after one; the kill is timed by what pg_stat_activity shows the backend last ran).
 * After the restart the purchase has 0 or N movements, never some; the client's retry with the same
 * Idempotency-Key records it exactly once.
 */
const dataDir = makeTempDir("wms-f1-");
const target = { dataDir };
const LINES = 60;

afterAll(async () => {
  await stopEverything(path.join(dataDir, "pg"), dataDir);
});

function purchaseBody(stock: Stock, invoiceNumber: string) {
  return {
    invoiceNumber,
    date: "2026-01-15",
    supplierName: "Fault Supplier",
    notes: "",
    lines: stock.itemIds.map((itemId, n) => ({
      itemId,
      unitPrice: "2.50",
      allocations: [{ locationId: stock.locationIds[n % stock.locationIds.length], quantity: "3" }],
    })),
  };
}

async function purchaseFigures(invoice: string) {
  return withDatabase(embeddedUrl(dataDir), async (db) => ({
    purchases: await count(db, sql`select 1 from purchases where invoice_number = ${invoice}`),
    lines: await count(
      db,
      sql`select 1 from purchase_lines l join purchases p on p.id = l.purchase_id where p.invoice_number = ${invoice}`,
    ),
    movements: await count(db, sql`select 1 from stock_movements where invoice = ${invoice}`),
  }));
}

describe("F1: kill -9 of the API mid-purchase", () => {
  it("leaves 0 or N movements, never some, and the retried key records the purchase once", async () => {
    let { server, base } = await startApp(target);
    const stock = await withDatabase(embeddedUrl(dataDir), (db) => seedStock(db, "F1", LINES));
    const body = purchaseBody(stock, "F1-INV-1");
    const key = "f1-purchase-key-1";
    // Two kill points: while the lines are being written (k of N in the open transaction), and right
    // after the movements' INSERT, before the audit rows and COMMIT.
    // The second point holds the transaction right after that INSERT (fault option hold-after), so the
    // kill cannot miss a 25 ms window on a slow machine.
    const killPoints = [
      { name: "mid-lines", lastQuery: "%insert into purchase_lines%", fault: "slow-writes=25" },
      {
        name: "after-movements",
        // The stock service's statement that writes the movements (movementsStatement) by its opening:
        // its INSERT lies past the 1 kB of a statement's text that pg_stat_activity keeps.
        lastQuery: "%with given as materialized (%",
        fault: "slow-writes=25;hold-after=stock_movements",
      },
    ];
    for (const point of killPoints) {
      const admin = await signIn(base);
      const pending = admin("POST", "/api/purchases", {
        json: body,
        headers: { "idempotency-key": key, "x-wms-fault": point.fault },
      });
      const watched = await withDatabase(embeddedUrl(dataDir), async (db) => {
        let seen = "";
        await waitFor(
          async () => {
            const rows = await db.execute<{ query: string }>(sql`
              select query from pg_stat_activity
              where application_name = 'wms-api' and xact_start is not null and query ilike ${point.lastQuery}`);
            seen = rows.rows[0]?.query ?? "";
            return seen !== "";
          },
          30_000,
          5,
        );
        server.child.kill("SIGKILL");
        return seen;
      });
      expect(watched).not.toBe("");
      await server.exited;
      const answer = await pending;
      expect(answer.status, `${point.name}: the client saw no answer`).toBe(0);

      ({ server, base } = await startApp(target));
      const after = await purchaseFigures("F1-INV-1");
      console.info(`F1 ${point.name}: after restart ${JSON.stringify(after)}`);
      expect([0, LINES]).toContain(after.movements);
      expect(after).toEqual(
        after.purchases === 0
          ? { purchases: 0, lines: 0, movements: 0 }
          : { purchases: 1, lines: LINES, movements: LINES },
      );
    }

    const admin = await signIn(base);
    const retried = await admin("POST", "/api/purchases", {
      json: body,
      headers: { "idempotency-key": key },
    });
    expect(retried.status).toBe(201);
    const view = retried.body as { id: number; movementIds: number[] };
    expect(view.movementIds).toHaveLength(LINES);
    const again = await admin("POST", "/api/purchases", { json: body, headers: { "idempotency-key": key } });
    expect(again.status).toBe(201);
    expect((again.body as { id: number }).id).toBe(view.id);
    expect(await purchaseFigures("F1-INV-1")).toEqual({ purchases: 1, lines: LINES, movements: LINES });

    expect(await stopApp(server)).toBe(0);
    const ledger = await checkLedger(target);
    expect(ledger.output).toContain("Ledger check passed");
    expect(ledger.code).toBe(0);
  });
});
