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
const app = await buildApp({
  database,
  clock: new TestClock(),
  config: { ...testConfig(), webDistDir: webDir },
});
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

// A build that lists its screens' files (apps/web/route-preloads.ts writes route-preloads.json).
const routedDir = fs.mkdtempSync(path.join(os.tmpdir(), "wms-spa-routes-"));
const routedPage = `<!doctype html><html><head>\n    <script type="module" crossorigin src="/assets/index-Ab12Cd.js"></script>\n  </head><body><div id="root"></div></body></html>`;
fs.writeFileSync(path.join(routedDir, "index.html"), routedPage);
fs.writeFileSync(
  path.join(routedDir, "route-preloads.json"),
  JSON.stringify({
    always: { js: ["assets/en-1.js"], data: ["/api/session"] },
    signedIn: { scripts: ["intl-warm-up.js"] },
    routes: [
      { path: "/wmscontrolpaneladmin/login", js: ["assets/login-1.js"], css: [], data: [] },
      {
        path: "/wmscontrolpaneladmin/dashboard",
        js: ["assets/frame-1.js", "assets/dashboard-1.js"],
        css: ["assets/dashboard-1.css"],
        data: ["/api/dashboard"],
      },
      { path: "/staff/items/:itemId/history", js: ["assets/history-1.js"], css: [], data: [] },
    ],
  }),
);
const routedApp = await buildApp({
  database,
  clock: new TestClock(),
  config: { ...testConfig(), webDistDir: routedDir },
});
afterAll(async () => {
  await routedApp.close();
  fs.rmSync(routedDir, { recursive: true, force: true });
});

const linksOf = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map((match) => match[0]);
const scriptsOf = (html: string) => [...html.matchAll(/<script [^>]*>/g)].map((match) => match[0]);
const ENTRY = '<script type="module" crossorigin src="/assets/index-Ab12Cd.js">';

describe("the page sent for a screen's address", () => {
  it("names the screen's chunks, its styles and the answers every page reads, before the entry has run", async () => {
    const response = await routedApp.inject({ method: "GET", url: "/wmscontrolpaneladmin/login?next=%2F" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(linksOf(response.body)).toEqual([
      '<link rel="preload" href="/api/session" as="fetch" crossorigin>',
      '<link rel="modulepreload" crossorigin href="/assets/en-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js">',
    ]);
    // The rest of index.html is untouched but for the colour scheme (light: no cookie names one).
    expect(response.body.replace(/\n {4}<link [^>]*>/g, "")).toBe(
      routedPage.replace("<html>", '<html data-mantine-color-scheme="light">'),
    );
  });

  it("matches parameters and adds the screen's data only for someone signed in", async () => {
    const history = await routedApp.inject({ method: "GET", url: "/staff/items/42/history" });
    expect(linksOf(history.body)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/history-1.js">',
    );

    const visitor = await routedApp.inject({ method: "GET", url: "/wmscontrolpaneladmin/dashboard" });
    expect(linksOf(visitor.body)).not.toContain(
      '<link rel="preload" href="/api/dashboard" as="fetch" crossorigin>',
    );
    expect(linksOf(visitor.body)).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/dashboard-1.css">',
    );

    const signedIn = await routedApp.inject({
      method: "GET",
      url: "/wmscontrolpaneladmin/dashboard",
      cookies: { wms_session: "a".repeat(43) },
    });
    expect(linksOf(signedIn.body)).toContain(
      '<link rel="preload" href="/api/dashboard" as="fetch" crossorigin>',
    );
  });

  it("has someone signed in run the build's signed-in scripts before the page's first paint, and no one else", async () => {
    const visitor = await routedApp.inject({ method: "GET", url: "/wmscontrolpaneladmin/login" });
    expect(scriptsOf(visitor.body)).toEqual([ENTRY]);

    const signedIn = await routedApp.inject({
      method: "GET",
      url: "/wmscontrolpaneladmin/dashboard",
      cookies: { wms_session: "a".repeat(43) },
    });
    expect(scriptsOf(signedIn.body)).toEqual([ENTRY, '<script src="/intl-warm-up.js">']);
    // A classic script in the head, after the hints: it runs before the body is parsed and painted,
    // while the files the hints name are already on their way.
    const head = signedIn.body.slice(0, signedIn.body.indexOf("</head>"));
    expect(head).toContain('<script src="/intl-warm-up.js"></script>');
    expect(head.lastIndexOf("<link ")).toBeLessThan(head.indexOf("intl-warm-up.js"));
  });

  it("is sent in the colour scheme the person chose, so it paints in it with no script run first", async () => {
    const rootOf = async (cookies: Record<string, string>) => {
      const response = await routedApp.inject({
        method: "GET",
        url: "/wmscontrolpaneladmin/dashboard",
        cookies,
      });
      return response.body.match(/<html[^>]*>/)?.[0];
    };
    expect(await rootOf({})).toBe('<html data-mantine-color-scheme="light">');
    expect(await rootOf({ wms_color_scheme: "dark" })).toBe('<html data-mantine-color-scheme="dark">');
    expect(await rootOf({ wms_color_scheme: "light" })).toBe('<html data-mantine-color-scheme="light">');
    // Signed in, the same page with the screen's hints, in the same scheme.
    const signedIn = await routedApp.inject({
      method: "GET",
      url: "/wmscontrolpaneladmin/dashboard",
      cookies: { wms_session: "a".repeat(43), wms_color_scheme: "dark" },
    });
    expect(signedIn.body).toContain('<html data-mantine-color-scheme="dark">');
    expect(linksOf(signedIn.body)).toContain(
      '<link rel="preload" href="/api/dashboard" as="fetch" crossorigin>',
    );
    // Anything else in the cookie is no choice: only "light" or "dark" ever reaches the page.
    for (const value of ['dark"><script>alert(1)</script>', "auto", "DARK", "", "dark "]) {
      expect(await rootOf({ wms_color_scheme: value })).toBe('<html data-mantine-color-scheme="light">');
    }
  });

  it("sends an unknown address index.html with the hints every page gets", async () => {
    const response = await routedApp.inject({ method: "GET", url: "/no/such/screen" });
    expect(response.statusCode).toBe(200);
    expect(linksOf(response.body)).toEqual([
      '<link rel="preload" href="/api/session" as="fetch" crossorigin>',
      '<link rel="modulepreload" crossorigin href="/assets/en-1.js">',
    ]);
  });
});
