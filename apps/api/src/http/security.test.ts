import { describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { signedInAs } from "../../test/factories/users.ts";
import { errorCode, request } from "../../test/http.ts";

const ctx = await createTestContext();
const { cookie: admin } = await signedInAs(ctx, { role: "admin" });
const newStaff = (n: number) => ({
  name: `Csrf ${n}`,
  email: `csrf-${n}@example.com`,
  password: "long-enough",
});

describe("cross-site request forgery", () => {
  it("refuses a state-changing request without the application's header", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/staff",
      headers: { cookie: admin, "content-type": "application/json" },
      payload: newStaff(1),
    });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe("CSRF_REJECTED");
  });

  it("refuses a cross-site POST by Fetch Metadata and by Origin", async () => {
    const crossSite = await request(ctx.app, "POST", "/api/staff", {
      cookie: admin,
      body: newStaff(2),
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
    const evilOrigin = await request(ctx.app, "POST", "/api/staff", {
      cookie: admin,
      body: newStaff(3),
      headers: { origin: "https://evil.example" },
    });
    expect(evilOrigin.statusCode).toBe(403);
    const nullOrigin = await request(ctx.app, "POST", "/api/staff", {
      cookie: admin,
      body: newStaff(4),
      headers: { origin: "null" },
    });
    expect(nullOrigin.statusCode).toBe(403);
    const staffList = await request(ctx.app, "GET", "/api/staff", { cookie: admin });
    expect(JSON.stringify(staffList.json())).not.toContain("csrf-");
  });

  it("accepts the same request from the application's own origin", async () => {
    const response = await request(ctx.app, "POST", "/api/staff", {
      cookie: admin,
      body: newStaff(5),
      headers: { origin: "http://localhost:80", host: "localhost:80", "sec-fetch-site": "same-origin" },
    });
    expect(response.statusCode).toBe(201);
  });

  it("refuses the simple content types a cross-site form can send", async () => {
    const response = await request(ctx.app, "POST", "/api/staff", {
      cookie: admin,
      body: JSON.stringify(newStaff(6)),
      headers: { "content-type": "text/plain" },
    });
    expect(response.statusCode).toBe(415);
    const form = await request(ctx.app, "POST", "/api/staff", {
      cookie: admin,
      body: "name=x&email=y",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.statusCode).toBe(415);
  });
});

describe("responses", () => {
  it("carries security headers with a CSP that allows no inline script, and no caching of API data", async () => {
    const response = await request(ctx.app, "GET", "/api/session");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-powered-by"]).toBeUndefined();
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers malformed JSON with 400 and no internals", async () => {
    const response = await request(ctx.app, "POST", "/api/auth/login", {
      body: '{"portal": "admin", "email": ',
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("VALIDATION_FAILED");
    expect(response.body).not.toMatch(/SyntaxError|node_modules|\.ts:/);
  });

  it("refuses a body over 1 MB with 413 before reading it all", async () => {
    const response = await request(ctx.app, "POST", "/api/auth/login", {
      body: { portal: "admin", email: "a@example.com", password: "x".repeat(1_100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(errorCode(response)).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await request(ctx.app, "GET", "/api/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe("NOT_FOUND");
  });

  it("reports health and publishes the OpenAPI document", async () => {
    expect((await request(ctx.app, "GET", "/api/health")).json()).toEqual({ status: "ok", database: "up" });
    const docs = (await request(ctx.app, "GET", "/api/docs")).json();
    expect(docs.openapi).toMatch(/^3\./);
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(["/api/auth/login", "/api/staff"]));
  });
});

describe("compression", () => {
  it("compresses larger answers for clients that accept it, and leaves small ones alone", async () => {
    for (let n = 0; n < 30; n += 1) {
      await request(ctx.app, "POST", "/api/staff", {
        cookie: admin,
        body: { name: `Compressed ${n}`, email: `compressed-${n}@example.com`, password: "long-enough" },
      });
    }
    const large = await request(ctx.app, "GET", "/api/staff", {
      cookie: admin,
      headers: { "accept-encoding": "gzip" },
    });
    expect(large.headers["content-encoding"]).toBe("gzip");
    const small = await request(ctx.app, "GET", "/api/health", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});
