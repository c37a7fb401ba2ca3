import { describe, expect, it } from "vitest";
import { createTestContext } from "../../test/context.ts";
import { createUser, sessionCookieFor } from "../../test/factories/users.ts";
import { request } from "../../test/http.ts";
import type { RouteAccess } from "./access.ts";

/**
 * Walks every registered /api route with a visitor, a staff session and an admin session and checks
 * each against the route's declared access, so every route added later is covered without new tests.
 */
const ctx = await createTestContext();
const staff = await createUser(ctx, { role: "staff" });
const admin = await createUser(ctx, { role: "admin" });
const routes = ctx.app.routeAccessTable;

function concreteUrl(route: RouteAccess): string {
  return route.url.replace(/:[A-Za-z]+/g, "999999");
}

const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });

/** A stream never ends, so it is called over real HTTP and dropped once its status is known. */
async function callStream(route: RouteAccess, cookie: string | undefined) {
  const controller = new AbortController();
  const response = await fetch(`${address}${concreteUrl(route)}`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  controller.abort();
  return {
    statusCode: response.status,
    json: () => ({ error: { code: response.status === 403 ? "FORBIDDEN" : "" } }),
  };
}

async function call(route: RouteAccess, userId?: number) {
  // A fresh session per call: some routes (sign-out, password change) end the session they use.
  const cookie = userId === undefined ? undefined : await sessionCookieFor(ctx, userId);
  if (route.stream) {
    return callStream(route, cookie);
  }
  const method = route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  return request(ctx.app, method, concreteUrl(route), {
    cookie,
    ...(method === "GET" || method === "DELETE" ? {} : { body: {} }),
  });
}

describe("route access", () => {
  it("knows the routes, and every one declares public, user or admin", () => {
    expect(routes.length).toBeGreaterThanOrEqual(12);
    expect(routes).toContainEqual({ method: "GET", url: "/api/staff", access: "admin" });
    expect(routes).toContainEqual({ method: "GET", url: "/api/events", access: "user", stream: true });
    for (const route of routes) {
      expect(["public", "user", "admin"]).toContain(route.access);
    }
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    "%s answers each kind of caller as declared",
    async (_name, route) => {
      const anonymous = await call(route);
      const asStaff = await call(route, staff.id);
      const asAdmin = await call(route, admin.id);

      if (route.access === "public") {
        expect([401, 403]).not.toContain(anonymous.statusCode);
      } else {
        expect(anonymous.statusCode).toBe(401);
      }
      if (route.access === "admin") {
        expect(asStaff.statusCode).toBe(403);
        expect(asStaff.json().error.code).toBe("FORBIDDEN");
      } else {
        expect([401, 403]).not.toContain(asStaff.statusCode);
      }
      expect([401, 403]).not.toContain(asAdmin.statusCode);
    },
  );
});
