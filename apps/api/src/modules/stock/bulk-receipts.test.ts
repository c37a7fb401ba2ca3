import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
  receive,
} from "../../../test/factories/stock.ts";
import { inTransaction } from "../../db/transaction.ts";
import { SYSTEM_ACTOR } from "../audit/audit.repository.ts";
import { type BulkReceipt, writeBulkReceipts } from "./bulk-receipts.ts";

const ctx = await createTestContext();
const warehouse = await createTestWarehouse(ctx, { maxShelves: 2, sectionsPerShelf: 2 });
const a01 = await positionId(ctx, warehouse.id, "A", "01");
const b02 = await positionId(ctx, warehouse.id, "B", "02");

afterEach(() => expectLedgerConsistent(ctx));

const OPTIONS = { reason: "Bulk upload", managedBy: null, managedByName: null, sliceSize: 2 };

function writeBulk(receipts: BulkReceipt[], onProgress?: (written: number) => void) {
  return inTransaction(ctx.db, (tx) =>
    writeBulkReceipts(tx, receipts, SYSTEM_ACTOR, { ...OPTIONS, onProgress }),
  );
}

async function balance(itemId: number, locationId: number) {
  const result = await ctx.db.execute<{ quantity: string }>(
    sql`select trim_scale(quantity)::text as quantity from stock_balances where item_id = ${itemId} and location_id = ${locationId}`,
  );
  return result.rows[0]?.quantity ?? null;
}

describe("bulk receipts", () => {
  it("writes one movement and one audit row per receipt in order, and adds up the balances", async () => {
    const tea = await createTestItem(ctx, { unit: "kilogram" });
    const cups = await createTestItem(ctx, { unit: "pieces" });
    await receive(ctx, tea.id, a01, "1");
    const written: number[] = [];
    const ids = await writeBulk(
      [
        { itemId: tea.id, locationId: a01, quantity: "2.5" },
        { itemId: cups.id, locationId: b02, quantity: "3" },
        { itemId: tea.id, locationId: a01, quantity: "0.25" },
      ],
      (count) => written.push(count),
    );
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(written).toEqual([2, 3]);
    const movements = await ctx.db.execute<{ id: string; item_id: number; quantity: string }>(sql`
      select id::text, item_id, trim_scale(quantity)::text as quantity from stock_movements
      where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint) order by id`);
    expect(movements.rows.map((row) => [Number(row.id), row.item_id, row.quantity])).toEqual([
      [ids[0], tea.id, "2.5"],
      [ids[1], cups.id, "3"],
      [ids[2], tea.id, "0.25"],
    ]);
    const audits = await ctx.db.execute<{ after: { quantity: string; unit: string } }>(sql`
      select after from audit_log where entity = 'stock_movement'
        and entity_id in (select jsonb_array_elements_text(${JSON.stringify(ids.map(String))}::jsonb))
      order by entity_id::bigint`);
    expect(audits.rows.map((row) => [row.after.quantity, row.after.unit])).toEqual([
      ["2.5", "kilogram"],
      ["3", "pieces"],
      ["0.25", "kilogram"],
    ]);
    expect(await balance(tea.id, a01)).toBe("3.75");
    expect(await balance(cups.id, b02)).toBe("3");
  });

  it("refuses the whole set with the stock service's message and the receipt it is about", async () => {
    const cups = await createTestItem(ctx, { unit: "pieces" });
    await expect(
      writeBulk([
        { itemId: cups.id, locationId: a01, quantity: "2" },
        { itemId: cups.id, locationId: a01, quantity: "1.5" },
      ]),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Quantity must be a whole number for pieces",
      details: { receipt: 1 },
    });
    await expect(writeBulk([{ itemId: cups.id, locationId: 999_999, quantity: "1" }])).rejects.toMatchObject({
      details: { receipt: 0, fields: { toLocationId: expect.any(String) } },
    });
    await expect(writeBulk([{ itemId: 999_999, locationId: a01, quantity: "1" }])).rejects.toMatchObject({
      details: { receipt: 0, fields: { itemId: expect.any(String) } },
    });
    expect(await balance(cups.id, a01)).toBeNull();
  });
});
