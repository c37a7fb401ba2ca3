import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../context.ts";
import { type ServerProcess, spawnServer } from "./server-process.ts";

/**
 * At the default level the server logs one JSON line per request with its request id. The lines are
 * held and written in chunks (http/log-destination.ts, decision 027): a quiet server's line must still
 * show within about a second, and every held line must be written when the server stops.
 */
const database = await createTestDatabase();
afterAll(() => database.drop());

interface RequestLine {
  msg: string;
  reqId: string;
  level: number;
  method: string;
  url: string;
  status: number;
}

function requestLines(output: string): RequestLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((entry) => entry.msg === "request");
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  return server.exited;
}

const startLogging = () => spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: "info" });

describe("the server's request log", () => {
  it("shows a quiet server's request within seconds, with its id and without its cookie", async () => {
    const server = startLogging();
    try {
      const base = await server.ready;
      const response = await fetch(`${base}/api/health?from=test`, {
        headers: { cookie: "wms_session=a-cookie-never-logged" },
      });
      expect(response.status).toBe(200);
      const id = response.headers.get("x-request-id");
      // Far below the 4 KB the log holds before writing: only the timed flush can bring it out.
      const line = await vi.waitFor(
        () => {
          const found = requestLines(server.output()).find((entry) => entry.reqId === id);
          if (!found) {
            throw new Error(`no line yet for request ${id}`);
          }
          return found;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(line).toMatchObject({ level: 30, method: "GET", url: "/api/health", status: 200 });
      expect(server.output()).not.toContain("a-cookie-never-logged");
    } finally {
      await stop(server);
    }
  }, 60_000);

  it("writes every line it holds when the server stops", async () => {
    const server = startLogging();
    const ids: string[] = [];
    try {
      const base = await server.ready;
      for (let n = 0; n < 60; n++) {
        const response = await fetch(`${base}/api/health`);
        ids.push(response.headers.get("x-request-id") ?? "");
      }
    } finally {
      expect(await stop(server)).toBe(0);
    }
    const logged = new Set(requestLines(server.output()).map((entry) => entry.reqId));
    expect(ids.filter((id) => !logged.has(id))).toEqual([]);
  }, 60_000);
});
