import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
} from "../../../test/factories/stock.ts";
import { signedInAs } from "../../../test/factories/users.ts";
import { errorCode, request } from "../../../test/http.ts";

const ctx = await createTestContext({ BUSINESS_TIME_ZONE: "Asia/Dubai" });
const { cookie } = await signedInAs(ctx, { role: "admin", name: "Purchasing Admin" });
const { cookie: staffCookie } = await signedInAs(ctx, { role: "staff" });
const warehouse = await createTestWarehouse(ctx, { name: "BUY" }, ["COLD"]);
const [a01, b02, cold] = [
  await positionId(ctx, warehouse.id, "A", "01"),
  await positionId(ctx, warehouse.id, "B", "02"),
  await positionId(ctx, warehouse.id, "COLD", null),
];

afterEach(() => expectLedgerConsistent(ctx));

function purchase(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return request(ctx.app, "POST", "/api/purchases", {
    cookie,
    headers,
    body: { invoiceNumber: "INV-1", date: "2026-03-10", supplierName: "Ceylon Leaf Co", notes: "", ...body },
  });
}

async function movementsOf(purchaseId: number) {
  const result = await ctx.db.execute<{
    location: number;
    quantity: string;
    occurred: string;
    unit_price: string;
  }>(sql`
    select to_location_id as location, trim_scale(quantity)::text as quantity, unit_price::text,
           to_char(occurred_at at time zone 'Asia/Dubai', 'YYYY-MM-DD HH24:MI') as occurred
    from stock_movements where purchase_id = ${purchaseId} and type = 'received' order by id`);
  return result.rows;
}

describe("purchases", () => {
  it("records two items over three locations as received movements at noon of the date, in one purchase", async () => {
    const tea = await createTestItem(ctx, { unit: "kilogram", unitPrice: "20" });
    const tins = await createTestItem(ctx, { unit: "pieces", unitPrice: "2.15" });
    const response = await purchase({
      invoiceNumber: "INV-100",
      lines: [
        {
          itemId: tea.id,
          unitPrice: "22.50",
          allocations: [
            { locationId: a01, quantity: "40" },
            { locationId: cold, quantity: "10.5" },
          ],
        },
        { itemId: tins.id, unitPrice: "0", allocations: [{ locationId: b02, quantity: "300" }] },
      ],
    });
    expect(response.statusCode).toBe(201);
    const view = response.json();
    expect(view).toMatchObject({ invoiceNumber: "INV-100", date: "2026-03-10", totalValue: "1136.25" });
    expect(view.movementIds).toHaveLength(3);
    expect(await movementsOf(view.id)).toEqual([
      { location: a01, quantity: "40", occurred: "2026-03-10 12:00", unit_price: "22.50" },
      { location: cold, quantity: "10.5", occurred: "2026-03-10 12:00", unit_price: "22.50" },
      { location: b02, quantity: "300", occurred: "2026-03-10 12:00", unit_price: "0.00" },
    ]);
    // The spec's price rule: a price above 0 that differs replaces the item's; 0 leaves it alone.
    const prices = await ctx.db.execute<{ id: number; unit_price: string }>(
      sql`select id, unit_price::text from items where id in (${tea.id}, ${tins.id}) order by id`,
    );
    expect(prices.rows.map((row) => row.unit_price)).toEqual(["22.50", "2.15"]);
  });

  it("saves nothing when one allocation is invalid", async () => {
    const item = await createTestItem(ctx);
    const response = await purchase({
      invoiceNumber: "INV-ROLLBACK",
      lines: [
        { itemId: item.id, unitPrice: "5", allocations: [{ locationId: a01, quantity: "3" }] },
        { itemId: item.id, unitPrice: "5", allocations: [{ locationId: 999_999, quantity: "1" }] },
      ],
    });
    expect(response.statusCode).toBe(400);
    const rows = await ctx.db.execute(sql`select 1 from purchases where invoice_number = 'INV-ROLLBACK'`);
    expect(rows.rows).toHaveLength(0);
    const stock = await ctx.db.execute(sql`select 1 from stock_balances where item_id = ${item.id}`);
    expect(stock.rows).toHaveLength(0);
  });

  it("refuses the same supplier's invoice twice, a future date, and empty or incomplete purchases", async () => {
    const item = await createTestItem(ctx);
    const line = { itemId: item.id, unitPrice: "1", allocations: [{ locationId: a01, quantity: "1" }] };
    expect((await purchase({ invoiceNumber: "DUP-9", lines: [line] })).statusCode).toBe(201);
    const again = await purchase({ invoiceNumber: " dup-9 ", supplierName: "CEYLON LEAF CO", lines: [line] });
    expect(errorCode(again)).toBe("PURCHASE_DUPLICATE");
    expect(
      (await purchase({ invoiceNumber: "DUP-9", supplierName: "Other Supplier", lines: [line] })).statusCode,
    ).toBe(201);

    const future = await purchase({ invoiceNumber: "FUT-1", date: "2999-01-01", lines: [line] });
    expect(future.json().error.details.fields.date).toBe("The purchase date cannot be in the future.");
    const empty = await purchase({ invoiceNumber: "EMPTY-1", lines: [] });
    expect(empty.json().error.details.fields.lines).toBe("Add at least one item to the purchase");
    const noLocation = await purchase({ invoiceNumber: "NOLOC-1", lines: [{ ...line, allocations: [] }] });
    expect(noLocation.json().error.details.fields["lines.0.allocations"]).toBe(
      "Please select an item, enter quantity, and add at least one location",
    );
    const missing = await purchase({ invoiceNumber: " ", supplierName: "", lines: [line] });
    expect(missing.json().error.details.fields).toMatchObject({
      invoiceNumber: "Invoice Number is required",
      supplierName: "Supplier Name is required",
    });
  });

  it("accepts an invoice again once every movement of its purchase was deleted, not while one is left", async () => {
    const item = await createTestItem(ctx);
    const body = {
      invoiceNumber: "VOID-7",
      lines: [
        {
          itemId: item.id,
          unitPrice: "4",
          allocations: [
            { locationId: a01, quantity: "5" },
            { locationId: b02, quantity: "3" },
          ],
        },
      ],
    };
    const first = await purchase(body);
    expect(first.statusCode).toBe(201);
    const { id: purchaseId, movementIds } = first.json() as { id: number; movementIds: number[] };
    const remove = (movementId: number | undefined) =>
      request(ctx.app, "DELETE", `/api/movements/${movementId}`, { cookie });

    expect((await remove(movementIds[0])).statusCode).toBe(204);
    const oneLeft = await purchase({ ...body, invoiceNumber: " void-7 " });
    expect(oneLeft.statusCode).toBe(409);
    expect(errorCode(oneLeft)).toBe("PURCHASE_DUPLICATE");

    expect((await remove(movementIds[1])).statusCode).toBe(204);
    const voided = await ctx.db.execute<{ voided: boolean }>(
      sql`select voided_at is not null as voided from purchases where id = ${purchaseId}`,
    );
    expect(voided.rows[0]?.voided).toBe(true);
    const audit = await ctx.db.execute<{ before: { invoiceNumber: string } }>(
      sql`select before from audit_log where entity = 'purchase' and entity_id = ${String(purchaseId)} and action = 'void'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]?.before.invoiceNumber).toBe("VOID-7");

    const again = await purchase(body);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(purchaseId);
    // The new purchase stands: the invoice is taken again.
    expect(errorCode(await purchase(body))).toBe("PURCHASE_DUPLICATE");
  });

  it("voids a purchase once when its last two movements are deleted at the same time", async () => {
    const item = await createTestItem(ctx);
    const allocations = [
      { locationId: a01, quantity: "2" },
      { locationId: cold, quantity: "2" },
    ];
    for (let round = 0; round < 5; round += 1) {
      const body = {
        invoiceNumber: `RACE-${round}`,
        lines: [{ itemId: item.id, unitPrice: "1", allocations }],
      };
      const bought = await purchase(body);
      const { id, movementIds } = bought.json() as { id: number; movementIds: number[] };
      const deletions = await Promise.all(
        movementIds.map((movementId) =>
          request(ctx.app, "DELETE", `/api/movements/${movementId}`, { cookie }),
        ),
      );
      expect(deletions.map((response) => response.statusCode)).toEqual([204, 204]);
      const voids = await ctx.db.execute(
        sql`select 1 from audit_log where entity = 'purchase' and entity_id = ${String(id)} and action = 'void'`,
      );
      expect(voids.rows).toHaveLength(1);
      expect((await purchase(body)).statusCode).toBe(201);
    }
  });

  it("is admin only, and records a double-clicked submission once", async () => {
    const item = await createTestItem(ctx);
    const body = {
      invoiceNumber: "ONCE-1",
      date: "2026-03-11",
      supplierName: "Assam Gardens",
      notes: "",
      lines: [{ itemId: item.id, unitPrice: "3", allocations: [{ locationId: a01, quantity: "2" }] }],
    };
    expect((await request(ctx.app, "POST", "/api/purchases", { cookie: staffCookie, body })).statusCode).toBe(
      403,
    );
    const headers = { "idempotency-key": "purchase-form-42" };
    const [first, second] = await Promise.all([purchase(body, headers), purchase(body, headers)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).toBe(first.json().id);
    const count = await ctx.db.execute(sql`select 1 from purchases where invoice_number = 'ONCE-1'`);
    expect(count.rows).toHaveLength(1);
  });
});
