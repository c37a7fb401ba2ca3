import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import {
  createTestItem,
  createTestWarehouse,
  expectLedgerConsistent,
  positionId,
} from "../../../test/factories/stock.ts";
import { createUser, sessionCookieFor } from "../../../test/factories/users.ts";
import { request } from "../../../test/http.ts";
import { buildApp } from "../../app.ts";
import { connectDatabase } from "../../db/client.ts";
import { recordAudit, SYSTEM_ACTOR } from "../audit/audit.repository.ts";

/**
 * Change events across API processes: two apps on one database stand for two processes (each has its
 * own pool and its own LISTEN connection). A browser's stream on A hears a write made through B.
 */
const ctx = await createTestContext();

/** Another API process on the same database: its own pool and its own LISTEN connection. */
async function anotherProcess(connections: number) {
  const database = connectDatabase(ctx.database.url, { max: connections });
  const app = await buildApp({ database, clock: ctx.clock, config: ctx.config, serveWeb: false });
  return { app, database };
}

const { app: other, database: otherDatabase } = await anotherProcess(4);
const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
});

const staff = await createUser(ctx, { role: "staff" });
const cookie = await sessionCookieFor(ctx, staff.id);
const warehouse = await createTestWarehouse(ctx);
const a01 = await positionId(ctx, warehouse.id, "A", "01");
const admin = await createUser(ctx, { role: "admin" });
const adminCookie = await sessionCookieFor(ctx, admin.id);

/** Opens the event stream (as the staff member by default) and collects parsed events until it ends. */
async function openStream(as = cookie) {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/events`, {
    headers: { cookie: as },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const events: Array<{ entity: string; id: string; action: string }> = [];
  const named: string[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let ended = false;
  const pump = (async () => {
    while (reader) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        ended = true;
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      let boundary = buffer.indexOf("\n\n");
      while (boundary >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const name = block.split("\n").find((line) => line.startsWith("event: "));
        const data = block.split("\n").find((line) => line.startsWith("data: "));
        if (name) {
          named.push(name.slice(7));
        } else if (data) {
          events.push(JSON.parse(data.slice(6)));
        }
        boundary = buffer.indexOf("\n\n");
      }
    }
  })();
  return {
    events,
    /** Named events (ready, end) in arrival order. */
    named,
    /** True once the server has ended the stream. */
    ended: () => ended,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

const waitFor = (check: () => boolean, timeout = 1_000) => vi.waitUntil(check, { timeout, interval: 20 });

describe("change events", () => {
  it("refuses a visitor", async () => {
    expect((await fetch(`${address}/api/events`)).status).toBe(401);
  });

  it("delivers within a second a movement recorded through another process", async () => {
    const stream = await openStream();
    const item = await createTestItem(ctx);
    const movement = await request(other, "POST", "/api/movements", {
      cookie,
      body: {
        type: "received",
        itemId: item.id,
        quantity: "3",
        toLocationId: a01,
        managedBy: staff.id,
        reason: "via B",
      },
    });
    expect(movement.statusCode).toBe(201);
    await waitFor(() =>
      stream.events.some((e) => e.entity === "stock_movement" && e.id === String(movement.json().id)),
    );
    expect(stream.events).toContainEqual({ entity: "item", id: String(item.id), action: "create" });
    await stream.close();
    await expectLedgerConsistent(ctx);
  });

  it("sends nothing for a write that rolled back", async () => {
    const item = await createTestItem(ctx);
    const stream = await openStream();
    const refused = await request(other, "POST", "/api/movements", {
      cookie,
      body: {
        type: "dispatched",
        itemId: item.id,
        quantity: "3",
        fromLocationId: a01,
        managedBy: staff.id,
        reason: "none there",
      },
    });
    expect(refused.statusCode).toBe(409);
    const marker = await request(other, "POST", "/api/movements", {
      cookie,
      body: {
        type: "received",
        itemId: item.id,
        quantity: "1",
        toLocationId: a01,
        managedBy: staff.id,
        reason: "marker",
      },
    });
    expect(marker.statusCode).toBe(201);
    // The marker's own event: an item's or user's event may carry the same number.
    const markerId = String(marker.json().id);
    await waitFor(() => stream.events.some((e) => e.entity === "stock_movement" && e.id === markerId));
    expect(stream.events.filter((e) => e.entity === "stock_movement")).toHaveLength(1);
    await stream.close();
  });

  it("publishes a transaction's events only once it has committed, and none when it rolls back", async () => {
    const stream = await openStream();
    const heard = (id: string) => stream.events.some((e) => e.entity === "probe" && e.id === id);
    await ctx.db.transaction(async (tx) => {
      await recordAudit(tx, SYSTEM_ACTOR, { entity: "probe", entityId: "committed", action: "update" });
      // Still open: an event published before COMMIT would reach the browser now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard("committed")).toBe(false);
    });
    await waitFor(() => heard("committed"));
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, SYSTEM_ACTOR, { entity: "probe", entityId: "rolled-back", action: "update" });
        throw new Error("abandon the write");
      }),
    ).rejects.toThrow("abandon the write");
    await recordAudit(ctx.db, SYSTEM_ACTOR, { entity: "probe", entityId: "autocommit", action: "update" });
    await waitFor(() => heard("autocommit"));
    expect(heard("rolled-back")).toBe(false);
    await stream.close();
  });

  it("hears every one of many writes committed together, however they share NOTIFY statements", async () => {
    const stream = await openStream();
    const ids = Array.from({ length: 40 }, (_, n) => `burst-${n}`);
    await Promise.all(
      ids.map((id) =>
        recordAudit(otherDatabase.db, SYSTEM_ACTOR, { entity: "probe", entityId: id, action: "update" }),
      ),
    );
    await waitFor(() => ids.every((id) => stream.events.some((e) => e.entity === "probe" && e.id === id)));
    await stream.close();
  });

  it("sends the events still waiting for their NOTIFY when a process shuts down", async () => {
    const stream = await openStream();
    const { app: closing, database: closingDatabase } = await anotherProcess(2);
    await recordAudit(closingDatabase.db, SYSTEM_ACTOR, {
      entity: "probe",
      entityId: "last-write",
      action: "update",
    });
    // Shut down at once, within the window the event waits in: it must leave before the connections close.
    await closing.close();
    await closingDatabase.close();
    await waitFor(() => stream.events.some((e) => e.entity === "probe" && e.id === "last-write"));
    await stream.close();
  });

  it("keeps every ledger invariant with movements racing through both processes", async () => {
    const item = await createTestItem(ctx);
    const b01 = await positionId(ctx, warehouse.id, "B", "01");
    const body = (n: number) =>
      n % 3 === 0
        ? { type: "received", itemId: item.id, quantity: "2", toLocationId: a01 }
        : n % 3 === 1
          ? { type: "moved", itemId: item.id, quantity: "1", fromLocationId: a01, toLocationId: b01 }
          : { type: "dispatched", itemId: item.id, quantity: "1", fromLocationId: b01 };
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        request(n % 2 === 0 ? ctx.app : other, "POST", "/api/movements", {
          cookie,
          body: { ...body(n), managedBy: staff.id, reason: "race" },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201 || r.json().error.code === "INSUFFICIENT_STOCK")).toBe(
      true,
    );
    expect(responses.some((r) => r.statusCode === 201)).toBe(true);
    await expectLedgerConsistent(ctx);
  });

  it("reconnects when its database connection is cut and tells browsers to refetch", async () => {
    const stream = await openStream();
    await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'wms-events' and datname = current_database()`,
    );
    await waitFor(() => stream.events.some((e) => e.action === "resync"), 5_000);
    const item = await createTestItem(ctx);
    await waitFor(() => stream.events.some((e) => e.entity === "item" && e.id === String(item.id)), 2_000);
    await stream.close();
  });
});

describe("a stream ends when its session ends", () => {
  it("ends at sign-out, and the browser's reconnection is refused", async () => {
    const own = await sessionCookieFor(ctx, staff.id);
    const stream = await openStream(own);
    const bystander = await openStream();
    const logout = await request(ctx.app, "POST", "/api/auth/logout", { cookie: own });
    expect(logout.statusCode).toBe(204);
    await waitFor(stream.ended, 2_000);
    expect(stream.named).toEqual(["ready", "end"]);
    expect((await fetch(`${address}/api/events`, { headers: { cookie: own } })).status).toBe(401);
    // The staff member's other session, and its stream, go on.
    expect(bystander.ended()).toBe(false);
    expect(bystander.events.some((event) => event.entity === "session")).toBe(false);
    await bystander.close();
  });

  it("ends when an admin on another process resets the password or archives the account", async () => {
    const member = await createUser(ctx, { role: "staff" });
    const first = await openStream(await sessionCookieFor(ctx, member.id));
    const reset = await request(other, "POST", `/api/staff/${member.id}/password`, {
      cookie: adminCookie,
      body: { password: "a brand new password" },
    });
    expect(reset.statusCode).toBe(204);
    await waitFor(first.ended, 2_000);

    const archived = await createUser(ctx, { role: "staff" });
    const second = await openStream(await sessionCookieFor(ctx, archived.id));
    const deletion = await request(other, "DELETE", `/api/staff/${archived.id}`, { cookie: adminCookie });
    expect(deletion.statusCode).toBe(204);
    await waitFor(second.ended, 2_000);
    expect(second.named.at(-1)).toBe("end");
  });

  it("ends at the next check once the session has expired, and not before", async () => {
    const previous = ctx.config.session.streamCheckMs;
    // The app reads its configuration per stream: check every 100 ms instead of every 30 s.
    ctx.config.session.streamCheckMs = 100;
    try {
      const own = await sessionCookieFor(ctx, staff.id);
      const stream = await openStream(own);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(stream.ended()).toBe(false);
      ctx.clock.advance(ctx.config.session.idleMs + 60_000);
      await waitFor(stream.ended, 2_000);
      expect(stream.named).toEqual(["ready", "end"]);
    } finally {
      ctx.config.session.streamCheckMs = previous;
    }
  });
});
