import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  receive,
} from "../../../test/factories/stock.ts";
import { signedInAs } from "../../../test/factories/users.ts";
import { request } from "../../../test/http.ts";
import { FAULT_HEADER } from "../../http/fault-injection.ts";

/**
 * Reliability checklist C9 and F17 (the PostgreSQL form of it): a long upload and the floor's
 * movements at the same time. The upload's transaction is held open for seconds (the test-only
 * `slow-writes` fault makes each of its writes wait); meanwhile movements of other stock, in the very
 * positions the upload fills, are answered at once: nothing of theirs runs inside the upload's
 * transaction or waits for it. The upload stays all or nothing and the ledger adds up.
 */
const ctx = await createTestContext({ WMS_FAULT_INJECTION: "1" });
const { user, cookie } = await signedInAs(ctx, { role: "admin" });

const HEADER = "Item Number,Name,Quantity,Warehouse,Shelf,Section";
const ROWS = 2_000;

describe("a long upload beside movements (C9, F17)", () => {
  it("holds up no movement of other stock, even in the positions it fills, and stays all or nothing", async () => {
    const warehouse = await createTestWarehouse(ctx, { name: "BUSY", maxShelves: 3, sectionsPerShelf: 2 });
    const [a01, b01, c02] = [
      await positionId(ctx, warehouse.id, "A", "01"),
      await positionId(ctx, warehouse.id, "B", "01"),
      await positionId(ctx, warehouse.id, "C", "02"),
    ];
    const tea = await createTestItem(ctx, { name: "Floor tea", unit: "pieces" });
    await receive(ctx, tea.id, a01, "100");
    const csv = [
      HEADER,
      ...Array.from({ length: ROWS }, (_, n) => `LONG-${n},Long upload ${n},1,BUSY,${n % 2 ? "A" : "B"},01`),
    ].join("\n");

    const key = `long-upload-${Date.now()}`;
    let uploadDone = 0;
    const started = performance.now();
    const upload = request(ctx.app, "POST", "/api/imports/commit?fileName=long.csv", {
      cookie,
      body: csv,
      headers: { "content-type": "text/csv", "idempotency-key": key, [FAULT_HEADER]: "slow-writes=300" },
    }).then((response) => {
      uploadDone = performance.now();
      return response;
    });
    // Once the upload's transaction is writing items, the floor works.
    for (;;) {
      const progress = await request(ctx.app, "GET", `/api/imports/progress/${key}`, { cookie });
      if (["saving_items", "saving_stock"].includes(progress.json().phase)) {
        break;
      }
      expect(uploadDone, "the upload ended before the floor started").toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const floor: Array<{ status: number; ms: number; whileUploading: boolean }> = [];
    for (let n = 0; n < 6; n += 1) {
      const before = performance.now();
      const body =
        n % 2 === 0
          ? { type: "dispatched", quantity: "1", fromLocationId: n % 4 === 0 ? a01 : b01 }
          : { type: "moved", quantity: "2", fromLocationId: a01, toLocationId: n % 3 === 0 ? b01 : c02 };
      if (n === 2) {
        // Stock into B01 first, for the dispatch from it.
        await receive(ctx, tea.id, b01, "5");
      }
      const response = await request(ctx.app, "POST", "/api/movements", {
        cookie,
        body: { ...body, itemId: tea.id, managedBy: user.id, reason: `floor ${n}` },
      });
      floor.push({
        status: response.statusCode,
        ms: performance.now() - before,
        whileUploading: uploadDone === 0,
      });
    }
    const uploaded = await upload;
    console.info(
      `F17: upload ${uploaded.statusCode} after ${Math.round(uploadDone - started)} ms; floor ${JSON.stringify(
        floor.map((f) => ({ ...f, ms: Math.round(f.ms) })),
      )}`,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ itemsCreated: ROWS, movementsCreated: ROWS });
    for (const movement of floor) {
      expect(movement.status).toBe(201);
      // Answered while the upload's transaction was still open, and quickly.
      expect(movement.whileUploading).toBe(true);
      expect(movement.ms).toBeLessThan(2_000);
    }
    const items = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from items where item_no like 'LONG-%'`,
    );
    expect(items.rows[0]?.n).toBe(ROWS);
    await expectLedgerConsistent(ctx);
  });
});
