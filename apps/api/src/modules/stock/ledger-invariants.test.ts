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
import { request } from "../../../test/http.ts";
import { checkLedger, findLedgerViolations } from "./ledger-invariants.ts";

/**
 * I4 (a movement is reversed at most once) and I5 (one movement set per idempotency key) are held by
 * the code and the schema; the checker must still name a database where they broke. Each test plants
 * one violation with raw SQL (dropping a constraint where the schema forbids it), expects it named,
 * and removes it again, so the ledger is consistent after every test.
 */
const ctx = await createTestContext();
const { user: admin, cookie } = await signedInAs(ctx, { role: "admin" });
const warehouse = await createTestWarehouse(ctx);
const a01 = await positionId(ctx, warehouse.id, "A", "01");

afterEach(() => expectLedgerConsistent(ctx));

let keys = 0;
async function receiveWithKey(quantity: string) {
  const item = await createTestItem(ctx);
  const key = `invariant-key-${++keys}`;
  const response = await request(ctx.app, "POST", "/api/movements", {
    cookie,
    headers: { "idempotency-key": key },
    body: {
      type: "received",
      itemId: item.id,
      quantity,
      toLocationId: a01,
      managedBy: admin.id,
      reason: "t",
    },
  });
  expect(response.statusCode).toBe(201);
  return { key, movementId: response.json().id as number, itemId: item.id };
}

async function details(invariant: string) {
  return (await findLedgerViolations(ctx.db))
    .filter((violation) => violation.invariant === invariant)
    .map((violation) => violation.detail);
}

describe("I4: a movement is reversed at most once", () => {
  it("passes deletions made through the API", async () => {
    const { movementId } = await receiveWithKey("5");
    const deleted = await request(ctx.app, "DELETE", `/api/movements/${movementId}`, { cookie });
    expect(deleted.statusCode).toBe(204);
    expect(await details("I4")).toEqual([]);
  });

  it("names a movement whose deletion was recorded twice", async () => {
    const { movementId } = await receiveWithKey("4");
    expect((await request(ctx.app, "DELETE", `/api/movements/${movementId}`, { cookie })).statusCode).toBe(
      204,
    );
    const planted = await ctx.db.execute<{ id: number }>(sql`
      insert into audit_log (actor_id, entity, entity_id, action, before)
      select actor_id, entity, entity_id, action, before from audit_log
      where entity = 'stock_movement' and entity_id = ${String(movementId)} and action = 'delete'
      returning id::int`);
    expect(await details("I4")).toEqual([`movement ${movementId} was reversed 2 times`]);
    await ctx.db.execute(sql`delete from audit_log where id = ${planted.rows[0]?.id}`);
  });

  it("names a movement reversed but still counted in the ledger", async () => {
    const { movementId } = await receiveWithKey("3");
    const planted = await ctx.db.execute<{ id: number }>(sql`
      insert into audit_log (entity, entity_id, action) values ('stock_movement', ${String(movementId)}, 'delete')
      returning id::int`);
    expect(await details("I4")).toEqual([`movement ${movementId} was reversed but is not marked deleted`]);
    await ctx.db.execute(sql`delete from audit_log where id = ${planted.rows[0]?.id}`);
  });
});

describe("I5: one movement set per idempotency key", () => {
  it("passes keys used through the API, retries included", async () => {
    const { key, itemId } = await receiveWithKey("2");
    const retry = await request(ctx.app, "POST", "/api/movements", {
      cookie,
      headers: { "idempotency-key": key },
      body: { type: "received", itemId, quantity: "2", toLocationId: a01, managedBy: admin.id, reason: "t" },
    });
    expect(retry.statusCode).toBe(201);
    expect(await details("I5")).toEqual([]);
    expect(await checkLedger(ctx.db)).toEqual([]);
  });

  it("names a key recorded twice once its primary key is gone", async () => {
    const { key } = await receiveWithKey("2");
    await ctx.db.execute(sql`alter table idempotency_keys drop constraint idempotency_keys_user_id_key_pk`);
    await ctx.db.execute(sql`
      insert into idempotency_keys (user_id, key, request_hash, response_status, response_body)
      select user_id, key, request_hash, response_status, response_body from idempotency_keys
      where user_id = ${admin.id} and key = ${key}`);
    const found = await details("I5");
    expect(found).toContain(`idempotency key ${key} of user ${admin.id} is recorded 2 times`);
    await ctx.db.execute(sql`
      delete from idempotency_keys where ctid in (
        select ctid from idempotency_keys where user_id = ${admin.id} and key = ${key} limit 1)`);
    await ctx.db.execute(
      sql`alter table idempotency_keys add constraint idempotency_keys_user_id_key_pk primary key (user_id, key)`,
    );
    expect(await details("I5")).toEqual([]);
  });

  it("names movements that the answers of two keys claim: a purchase's and a single movement's", async () => {
    const item = await createTestItem(ctx);
    const bought = await request(ctx.app, "POST", "/api/purchases", {
      cookie,
      headers: { "idempotency-key": "invariant-purchase-1" },
      body: {
        invoiceNumber: "INV-I5",
        supplierName: "Ceylon Leaf Co",
        date: "2026-01-15",
        notes: "",
        lines: [{ itemId: item.id, unitPrice: "5", allocations: [{ locationId: a01, quantity: "6" }] }],
      },
    });
    expect(bought.statusCode).toBe(201);
    const [movementId] = bought.json().movementIds as number[];
    const single = await receiveWithKey("1");
    await ctx.db.execute(sql`
      insert into idempotency_keys (user_id, key, request_hash, response_status, response_body)
      select user_id, key || '-copy', request_hash, response_status, response_body from idempotency_keys
      where user_id = ${admin.id} and key in ('invariant-purchase-1', ${single.key})`);
    expect(await details("I5")).toEqual(
      [
        `movement ${movementId} belongs to the answers of several idempotency keys (${admin.id}/invariant-purchase-1, ${admin.id}/invariant-purchase-1-copy)`,
        `movement ${single.movementId} belongs to the answers of several idempotency keys (${admin.id}/${single.key}, ${admin.id}/${single.key}-copy)`,
      ].sort(),
    );
    await ctx.db.execute(sql`delete from idempotency_keys where key like '%-copy'`);
  });

  it("names a key without its answer, and an upload committed twice under one key", async () => {
    await ctx.db.execute(sql`
      insert into idempotency_keys (user_id, key, request_hash) values (${admin.id}, 'invariant-unanswered', 'x')`);
    await ctx.db.execute(sql`
      insert into audit_log (actor_id, entity, entity_id, action)
      values (${admin.id}, 'import', 'invariant-upload', 'commit'), (${admin.id}, 'import', 'invariant-upload', 'commit')`);
    expect(await details("I5")).toEqual([
      `idempotency key invariant-unanswered of user ${admin.id} has no recorded answer`,
      `upload invariant-upload of user ${admin.id} was committed 2 times`,
    ]);
    await ctx.db.execute(sql`delete from idempotency_keys where key = 'invariant-unanswered'`);
    await ctx.db.execute(
      sql`delete from audit_log where entity = 'import' and entity_id = 'invariant-upload'`,
    );
  });
});
