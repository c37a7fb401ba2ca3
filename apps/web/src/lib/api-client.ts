import type { ErrorCode } from "@wms/domain";
import { ERROR_STATUS } from "@wms/domain";
import i18next from "i18next";
import { localizeServerText } from "../i18n/server-messages.ts";

/** Codes the client itself produces when no API error body is available. */
export type ClientErrorCode = "NETWORK_ERROR" | "UNKNOWN";
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ApiErrorCode, message: string, status: number, details?: Record<string, unknown>) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Turns an error response's status and (possibly non-JSON) body into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isRecord(body) && isRecord(body.error)) {
    const { code, message, details } = body.error;
    const text = typeof message === "string" ? message : "";
    return new ApiError(
      isErrorCode(code) ? code : "UNKNOWN",
      text,
      status,
      isRecord(details) ? details : undefined,
    );
  }
  if (status === 503) {
    return new ApiError("DATABASE_UNAVAILABLE", "", status);
  }
  if (status >= 500) {
    return new ApiError("INTERNAL", "", status);
  }
  return new ApiError("UNKNOWN", "", status);
}

/**
 * Field messages the server attached to an answer (details.fields): every invalid field of a
 * VALIDATION_FAILED, or the one field a conflict is about (EMAIL_TAKEN, WRONG_CURRENT_PASSWORD).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !isRecord(error.details)) {
    return {};
  }
  const fields = error.details.fields;
  if (!isRecord(fields)) {
    return {};
  }
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    if (typeof message === "string") {
      result[field] = localizeServerText(message, i18next.language ?? "en");
    }
  }
  return result;
}

/**
 * What an error means for the signed-in session: the session ended (clear it, guards send the user to
 * the login page), the user must change the password first (reload the session, guards send them to
 * the account page), or nothing.
 */
export type SessionEffect = "signed-out" | "password-change-required" | "none";

export function sessionEffectOf(error: unknown): SessionEffect {
  if (!isApiError(error)) {
    return "none";
  }
  if (error.code === "UNAUTHENTICATED" || error.code === "SESSION_EXPIRED") {
    return "signed-out";
  }
  if (error.code === "PASSWORD_CHANGE_REQUIRED") {
    return "password-change-required";
  }
  return "none";
}

/**
 * The `meta` of a query or mutation whose screen itself tells the user that the session has ended (the
 * bulk upload: 'User authentication data is missing...'). Its 401 leaves the app's session as it is,
 * so the screen stays up with that message; the screen ends the session when the user leaves it.
 */
export const SESSION_END_SHOWN_HERE = { sessionEndShownHere: true } as const;

export function showsSessionEnd(meta: Record<string, unknown> | undefined): boolean {
  return meta?.sessionEndShownHere === true;
}

/** Only failures that may pass on their own are retried: the network, 503 and 5xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) {
    return false;
  }
  if (!isApiError(error)) {
    return false;
  }
  return error.code === "NETWORK_ERROR" || error.status >= 500;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. the Idempotency-Key of a POST that may be retried. */
  headers?: Record<string, string>;
  /** A body sent as is instead of JSON (e.g. an uploaded file), with its Content-Type. */
  rawBody?: { data: Blob | ArrayBuffer; contentType: string };
}

/** The headers a request needs: CSRF marker on every non-GET, JSON type when there is a body. */
export function requestHeaders(method: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    headers["X-Requested-With"] = "wms";
  }
  if (hasBody) {
    headers["Content-Type"] = "application/json";
  }
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls the API under /api on this origin with the session cookie. Resolves with the parsed JSON body
 * (undefined for 204); rejects with an ApiError for every failure, network ones included.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const raw = options.rawBody;
  const hasBody = options.body !== undefined && raw === undefined;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: "same-origin",
      headers: {
        ...requestHeaders(method, hasBody),
        ...(raw ? { "Content-Type": raw.contentType } : {}),
        ...options.headers,
      },
      body: raw ? raw.data : hasBody ? JSON.stringify(options.body) : null,
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") {
      throw cause;
    }
    throw new ApiError("NETWORK_ERROR", "", 0);
  }
  const body = await readBody(response).catch(() => undefined);
  if (!response.ok) {
    throw toApiError(response.status, body);
  }
  return body as T;
}
