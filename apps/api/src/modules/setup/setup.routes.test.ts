import { describe, expect, it } from "vitest";
import { createTestContext } from "../../../test/context.ts";
import { errorCode, request, sessionCookieFrom } from "../../../test/http.ts";
import { ensureFirstAdmin } from "./setup.service.ts";

describe("the first administrator through the setup link", async () => {
  const ctx = await createTestContext();

  it("says setup is required, issues a link, creates the admin once and signs them in", async () => {
    expect((await request(ctx.app, "GET", "/api/app-info")).json()).toMatchObject({
      title: "WMS Control Panel",
      setupRequired: true,
    });
    // A fresh installation has no default account (checklist A7): common defaults sign nobody in.
    for (const [email, password] of [
      ["admin@example.com", "admin"],
      ["admin@example.com", "password"],
      ["admin@localhost.localdomain", "admin1234"],
    ]) {
      const attempt = await request(ctx.app, "POST", "/api/auth/login", {
        body: { portal: "admin", email, password },
      });
      expect(attempt.statusCode).toBe(401);
    }
    const outcome = await ensureFirstAdmin(ctx);
    if (outcome.kind !== "setup-link") {
      throw new Error(`expected a setup link, got ${outcome.kind}`);
    }
    const token = outcome.path.split("#token=")[1] ?? "";
    const body = { token, name: "Layla Haddad", email: "layla@example.com", password: "first admin pass" };

    const forged = await request(ctx.app, "POST", "/api/setup", { body: { ...body, token: "guessed" } });
    expect(errorCode(forged)).toBe("SETUP_NOT_AVAILABLE");

    const created = await request(ctx.app, "POST", "/api/setup", { body });
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({ role: "admin", email: "layla@example.com" });
    const cookie = sessionCookieFrom(created);
    expect((await request(ctx.app, "GET", "/api/staff", { cookie })).statusCode).toBe(200);

    const again = await request(ctx.app, "POST", "/api/setup", {
      body: { ...body, email: "other@example.com" },
    });
    expect(again.statusCode).toBe(409);
    expect((await request(ctx.app, "GET", "/api/app-info")).json().setupRequired).toBe(false);
    expect((await ensureFirstAdmin(ctx)).kind).toBe("exists");
  });
});

describe("the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
  const ctx = await createTestContext({
    ADMIN_EMAIL: "Owner@Example.com",
    ADMIN_PASSWORD: "owner password 1",
  });

  it("creates that admin once even when several processes start together", async () => {
    const outcomes = await Promise.all([ensureFirstAdmin(ctx), ensureFirstAdmin(ctx), ensureFirstAdmin(ctx)]);
    expect(outcomes.filter((outcome) => outcome.kind === "created-from-environment")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "exists")).toHaveLength(2);
  });

  it("never creates it again, and it signs in without a forced password change", async () => {
    expect((await ensureFirstAdmin(ctx)).kind).toBe("exists");
    const login = await request(ctx.app, "POST", "/api/auth/login", {
      body: { portal: "admin", email: "owner@example.com", password: "owner password 1" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.mustChangePassword).toBe(false);
  });
});
