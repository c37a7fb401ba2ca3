import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../src/http/csrf.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Sends a request the way the web app does: same-origin, with the CSRF header, as `cookie`'s session. */
export function request(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...(method === "GET" ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE }),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
  const injectOptions: InjectOptions = { method, url, headers };
  if (options.body !== undefined) {
    injectOptions.payload = options.body as InjectOptions["payload"];
  }
  return app.inject(injectOptions);
}

/** The `name=value` pair of the session cookie a response set, for use on the next request. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith("wms_session") && c.value);
  if (!cookie) {
    throw new Error(`response set no session cookie (status ${response.statusCode}): ${response.body}`);
  }
  return `${cookie.name}=${cookie.value}`;
}

export function errorCode(response: LightMyRequestResponse): string | undefined {
  return (response.json() as { error?: { code?: string } }).error?.code;
}
