import { MESSAGES } from "@wms/domain";
import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CSRF_HEADER = "x-requested-with";
export const CSRF_HEADER_VALUE = "wms";

/**
 * Cross-site request forgery defence for the cookie-authenticated API, in three layers: a custom header
 * (a cross-site page cannot send one without a CORS preflight, which we never approve), Fetch Metadata
 * where the browser sends it, and the Origin header checked against our own origin.
 */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) {
    return;
  }
  const reject = () => new AppError("CSRF_REJECTED", MESSAGES.csrfRejected);
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw reject();
  }
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") {
    throw reject();
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const expected = publicOrigin ?? `${request.protocol}://${request.host}`;
    if (origin !== expected) {
      throw reject();
    }
  }
}
