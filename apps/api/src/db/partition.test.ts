import net from "node:net";
import { performance } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testConfig } from "../../test/context.ts";
import { request } from "../../test/http.ts";
import { TestClock } from "../../test/test-clock.ts";
import { buildApp } from "../app.ts";
import { connectDatabase } from "./client.ts";

/**
 * Reliability checklist F8, end to end: the network between the API and PostgreSQL drops every packet
 * (as `iptables -j DROP` would: no FIN, no RST, just silence), then heals. The API reaches PostgreSQL
 * through a TCP relay that can go silent. While it is silent, requests that need the database fail
 * with 503 within their limits (a connection in use: the query timeout; a new one: the 5 s connect
 * timeout), requests that do not need it are answered at once, and after the heal the API serves again
 * by itself.
 */
const { url, drop } = await createTestDatabase();
const target = new URL(url);

let silent = false;
const sockets = new Set<net.Socket>();
const relay = net.createServer((client) => {
  const upstream = net.connect(Number(target.port), target.hostname);
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => {
      sockets.delete(socket);
      client.destroy();
      upstream.destroy();
    });
  }
  // Bytes sent while silent are dropped, in both directions.
  client.on("data", (chunk) => {
    if (!silent) {
      upstream.write(chunk);
    }
  });
  upstream.on("data", (chunk) => {
    if (!silent) {
      client.write(chunk);
    }
  });
});
await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
const relayed = new URL(url);
relayed.hostname = "127.0.0.1";
relayed.port = String((relay.address() as net.AddressInfo).port);

const database = connectDatabase(relayed.toString(), {
  max: 2,
  statementTimeoutMs: 1_000,
  queryTimeoutMs: 1_500,
});
const app = await buildApp({ database, clock: new TestClock(), config: testConfig(), serveWeb: false });

afterAll(async () => {
  silent = false;
  await app.close();
  await database.close();
  for (const socket of sockets) {
    socket.destroy();
  }
  await new Promise((resolve) => relay.close(resolve));
  await drop();
});

async function timed(url: string) {
  const started = performance.now();
  const response = await request(app, "GET", url);
  return { status: response.statusCode, body: response.body, ms: performance.now() - started };
}

describe("a network partition between the API and PostgreSQL (F8)", () => {
  it("answers 503 within the limits while it lasts, keeps answering what needs no database, and recovers", async () => {
    expect((await timed("/api/health")).status).toBe(200);

    silent = true;
    // A pooled connection goes silent mid-query: the query timeout (1.5 s here) ends it.
    const inUse = timed("/api/health");
    // Meanwhile the event loop is free: a route that needs no database answers at once.
    const docs = await timed("/api/docs");
    expect(docs.status).toBe(200);
    expect(docs.ms).toBeLessThan(500);
    const first = await inUse;
    expect(first.status).toBe(503);
    expect(first.ms).toBeLessThan(4_000);
    // The dropped connection is replaced by a new one, whose start-up goes unanswered: the connect
    // timeout (5 s) ends it.
    const fresh = await timed("/api/app-info");
    expect(fresh.status).toBe(503);
    expect(JSON.parse(fresh.body).error.code).toBe("DATABASE_UNAVAILABLE");
    expect(fresh.ms).toBeLessThan(8_000);

    silent = false;
    let healed = await timed("/api/health");
    for (let tries = 0; healed.status !== 200 && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      healed = await timed("/api/health");
    }
    expect(healed.status).toBe(200);
    console.info(
      `F8: in-use query ${first.status} after ${Math.round(first.ms)} ms, new connection ${fresh.status} after ${Math.round(fresh.ms)} ms, docs in ${Math.round(docs.ms)} ms, healed in one go: ${healed.ms < 1_000}`,
    );
  }, 30_000);
});
