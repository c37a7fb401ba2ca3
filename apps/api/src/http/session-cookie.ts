import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

type SessionConfig = Pick<Config, "session">;

/** Behind HTTPS the cookie takes the __Host- prefix: Secure, host-only, Path=/. */
export function sessionCookieName(config: SessionConfig): string {
  return config.session.secureCookie ? "__Host-wms_session" : "wms_session";
}

export function readSessionToken(request: FastifyRequest, config: SessionConfig): string | undefined {
  const value = request.cookies[sessionCookieName(config)];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

export function setSessionCookie(reply: FastifyReply, config: SessionConfig, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.session.secureCookie,
    path: "/",
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: SessionConfig): void {
  reply.clearCookie(sessionCookieName(config), {
    path: "/",
    secure: config.session.secureCookie,
    httpOnly: true,
    sameSite: "lax",
  });
}
