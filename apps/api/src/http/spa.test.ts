import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testConfig } from "../../test/context.ts";
import { TestClock } from "../../test/test-clock.ts";
import { buildApp } from "../app.ts";
import { connectDatabase } from "../db/client.ts";

// A web build as apps/web's build leaves it: hashed assets with their .br and .gz copies.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "wms-spa-"));
const script = `export const screen = "${"sign in ".repeat(400)}";\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
fs.mkdirSync(path.join(webDir, "assets"));
for (const [file, content] of [
  ["assets/index-Ab12Cd.js", script],
  ["index.html", page],
] as const) {
  fs.writeFileSync(path.join(webDir, file), content);
  fs.writeFileSync(path.join(webDir, `${file}.br`), brotliCompressSync(content));
  fs.writeFileSync(path.join(webDir, `${file}.gz`), gzipSync(content));
}

const { url, drop } = await createTestDatabase();
const database = connectDatabase(url, { max: 2 });
const app = await buildApp({ database, clock: new TestClock(), config: testConfig(), webDir });
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (urlPath: string, acceptEncoding?: string) =>
  app.inject({
    method: "GET",
    url: urlPath,
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });

describe("the web app's files", () => {
  it("sends the build's brotli copy of an asset to a client that accepts brotli", async () => {
    const response = await get("/assets/index-Ab12Cd.js", "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    // The very bytes of the build's file: nothing was compressed for this request.
    expect(response.rawPayload.equals(fs.readFileSync(path.join(webDir, "assets/index-Ab12Cd.js.br")))).toBe(
      true,
    );
  });

  it("sends the gzip copy to a gzip-only client and the file itself to one that accepts neither", async () => {
    const gzipped = await get("/assets/index-Ab12Cd.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    expect(gzipped.rawPayload.equals(fs.readFileSync(path.join(webDir, "assets/index-Ab12Cd.js.gz")))).toBe(
      true,
    );

    const plain = await get("/assets/index-Ab12Cd.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it("lets browsers keep hashed assets for a year without asking again", async () => {
    const response = await get("/assets/index-Ab12Cd.js", "br");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers a screen's address with index.html, compressed, revalidated on every visit, under the CSP", async () => {
    const response = await get("/wmscontrolpaneladmin/login", "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it("never caches index.html fetched by its own name", async () => {
    const response = await get("/index.html", "gzip");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(gunzipSync(response.rawPayload).toString()).toBe(page);
  });
});
