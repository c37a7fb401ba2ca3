import { MESSAGES } from "@wms/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { SessionCache } from "../modules/auth/session-cache.ts";
import { resolveSession } from "../modules/auth/sessions.service.ts";
import { AppError } from "./app-error.ts";
import { assertSameOrigin } from "./csrf.ts";
import { readSessionToken } from "./session-cookie.ts";

interface GuardDeps {
  db: Db;
  clock: Clock;
  config: Config;
  sessionCache: SessionCache;
}

/**
 * Records every /api route's declared access (refusing to start when one has none), and checks each
 * request against it: CSRF first, then the session, then the role. Authorization never depends on
 * anything the browser decides.
 */
export function registerRequestGuard(app: FastifyInstance, deps: GuardDeps): void {
  app.decorate("routeAccessTable", []);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionTokenHash", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) {
      return;
    }
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== "HEAD") {
        app.routeAccessTable.push({
          method,
          url: route.url,
          access,
          ...(route.config?.stream ? { stream: true } : {}),
          ...(route.schema?.body ? { body: true } : {}),
        });
      }
    }
  });

  const publicOrigin = deps.config.publicUrl ? new URL(deps.config.publicUrl).origin : undefined;

  app.addHook("onRequest", async (request: FastifyRequest) => {
    if (!request.url.startsWith("/api")) {
      return;
    }
    assertSameOrigin(request, publicOrigin);
    const config = request.routeOptions.config;
    const token = readSessionToken(request, deps.config);
    if (token) {
      const session = await resolveSession(deps.db, deps, token);
      if (session) {
        request.user = session.user;
        request.sessionTokenHash = session.tokenHash;
      }
    }
    const access = config?.access;
    if (!access || access === "public") {
      return;
    }
    const user = request.user;
    if (!user) {
      throw token
        ? new AppError("SESSION_EXPIRED", MESSAGES.sessionExpired)
        : new AppError("UNAUTHENTICATED", MESSAGES.notSignedIn);
    }
    if (user.mustChangePassword && !config.allowedBeforePasswordChange) {
      throw new AppError("PASSWORD_CHANGE_REQUIRED", MESSAGES.passwordChangeRequired);
    }
    if (access === "admin" && user.role !== "admin") {
      request.log.warn({ userId: user.id, route: request.routeOptions.url }, "forbidden: admin route");
      throw new AppError("FORBIDDEN", MESSAGES.forbidden);
    }
  });
}

/** The signed-in user of a route whose access is 'user' or 'admin' (the guard has already checked). */
export function requireUser(request: FastifyRequest) {
  if (!request.user) {
    throw new AppError("UNAUTHENTICATED", MESSAGES.notSignedIn);
  }
  return request.user;
}

export function actorOf(request: FastifyRequest) {
  return { userId: request.user?.id ?? null, requestId: String(request.id) };
}
