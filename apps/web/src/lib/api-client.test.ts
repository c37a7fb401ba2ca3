import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiRequest,
  fieldErrorsOf,
  requestHeaders,
  sessionEffectOf,
  shouldRetry,
  toApiError,
} from "./api-client.ts";
import { describeError } from "./error-message.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("toApiError", () => {
  it("keeps the server's code, message and details", () => {
    const error = toApiError(409, {
      error: {
        code: "STAFF_LIMIT_REACHED",
        message: "You have reached the maximum limit of 100 staff members.",
      },
    });
    expect(error.code).toBe("STAFF_LIMIT_REACHED");
    expect(error.status).toBe(409);
    expect(error.message).toBe("You have reached the maximum limit of 100 staff members.");
  });

  it("maps unknown codes and bodies by status", () => {
    expect(toApiError(418, { error: { code: "TEAPOT", message: "x" } }).code).toBe("UNKNOWN");
    expect(toApiError(503, "<html>").code).toBe("DATABASE_UNAVAILABLE");
    expect(toApiError(502, undefined).code).toBe("INTERNAL");
    expect(toApiError(404, undefined).code).toBe("UNKNOWN");
  });
});

describe("fieldErrorsOf", () => {
  it("reads details.fields of a validation failure", () => {
    const error = new ApiError("VALIDATION_FAILED", "Invalid input", 400, {
      fields: { email: "Enter a valid email address", bad: 3 },
    });
    expect(fieldErrorsOf(error)).toEqual({ email: "Enter a valid email address" });
  });

  it("reads the one field a conflict names", () => {
    const error = new ApiError("EMAIL_TAKEN", "taken", 409, { fields: { email: "taken" } });
    expect(fieldErrorsOf(error)).toEqual({ email: "taken" });
  });

  it("is empty for errors without field details", () => {
    expect(fieldErrorsOf(new ApiError("STAFF_LIMIT_REACHED", "limit", 409, { limit: 100 }))).toEqual({});
    expect(fieldErrorsOf(new Error("x"))).toEqual({});
  });
});

describe("sessionEffectOf", () => {
  it("signs out on UNAUTHENTICATED and SESSION_EXPIRED", () => {
    expect(sessionEffectOf(new ApiError("UNAUTHENTICATED", "", 401))).toBe("signed-out");
    expect(sessionEffectOf(new ApiError("SESSION_EXPIRED", "", 401))).toBe("signed-out");
  });

  it("does not sign out on a failed login", () => {
    expect(sessionEffectOf(new ApiError("INVALID_CREDENTIALS", "", 401))).toBe("none");
    expect(sessionEffectOf(new ApiError("WRONG_PORTAL", "", 403))).toBe("none");
  });

  it("asks for a password change on PASSWORD_CHANGE_REQUIRED", () => {
    expect(sessionEffectOf(new ApiError("PASSWORD_CHANGE_REQUIRED", "", 403))).toBe(
      "password-change-required",
    );
  });

  it("ignores non-API errors", () => {
    expect(sessionEffectOf(new TypeError("x"))).toBe("none");
  });
});

describe("shouldRetry", () => {
  it("retries network and server failures at most twice", () => {
    expect(shouldRetry(0, new ApiError("NETWORK_ERROR", "", 0))).toBe(true);
    expect(shouldRetry(1, new ApiError("DATABASE_UNAVAILABLE", "", 503))).toBe(true);
    expect(shouldRetry(2, new ApiError("DATABASE_UNAVAILABLE", "", 503))).toBe(false);
  });

  it("never retries client errors", () => {
    expect(shouldRetry(0, new ApiError("FORBIDDEN", "", 403))).toBe(false);
    expect(shouldRetry(0, new ApiError("UNAUTHENTICATED", "", 401))).toBe(false);
  });
});

describe("requestHeaders", () => {
  it("marks every non-GET request and types bodies as JSON", () => {
    expect(requestHeaders("GET", false)["X-Requested-With"]).toBeUndefined();
    expect(requestHeaders("POST", true)).toMatchObject({
      "X-Requested-With": "wms",
      "Content-Type": "application/json",
    });
    const del = requestHeaders("DELETE", false);
    expect(del["X-Requested-With"]).toBe("wms");
    expect(del["Content-Type"]).toBeUndefined();
  });
});

describe("apiRequest", () => {
  it("sends same-origin credentials and JSON, and parses the answer", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { user: null }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(apiRequest("/session")).resolves.toEqual({ user: null });
    await apiRequest("/auth/login", { method: "POST", body: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/api/auth/login");
    expect(init.credentials).toBe("same-origin");
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ "X-Requested-With": "wms", "Content-Type": "application/json" });
  });

  it("sends a raw body (an uploaded file) as is, with its content type", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal("fetch", fetchMock);
    const data = new TextEncoder().encode("Item Number\n").buffer;
    await apiRequest("/imports/preview", { method: "POST", rawBody: { data, contentType: "text/csv" } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(data);
    expect(init.headers).toMatchObject({ "X-Requested-With": "wms", "Content-Type": "text/csv" });
  });

  it("resolves 204 with undefined", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 204 }));
    await expect(apiRequest("/auth/logout", { method: "POST" })).resolves.toBeUndefined();
  });

  it("rejects with the server's error", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse(401, {
        error: { code: "INVALID_CREDENTIALS", message: "Admin login failed: Invalid email or password" },
      }),
    );
    await expect(apiRequest("/auth/login", { method: "POST", body: {} })).rejects.toMatchObject({
      code: "INVALID_CREDENTIALS",
      status: 401,
      message: "Admin login failed: Invalid email or password",
    });
  });

  it("rejects with NETWORK_ERROR when the request cannot be sent", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiRequest("/session")).rejects.toMatchObject({ code: "NETWORK_ERROR" });
  });
});

describe("describeError", () => {
  const dictionary: Record<string, string> = { "errors.DATABASE_UNAVAILABLE": "Database down" };
  const t = (key: string, options: { defaultValue: string }) => dictionary[key] ?? options.defaultValue;

  it("translates generic codes", () => {
    expect(describeError(new ApiError("DATABASE_UNAVAILABLE", "server text", 503), t)).toBe("Database down");
  });

  it("shows the server's wording for specific codes", () => {
    const error = new ApiError(
      "STAFF_LIMIT_REACHED",
      "You have reached the maximum limit of 100 staff members.",
      409,
    );
    expect(describeError(error, t)).toBe("You have reached the maximum limit of 100 staff members.");
  });

  it("falls back for errors without a message", () => {
    expect(describeError(new Error("boom"), t)).toBe("Something went wrong. Please try again.");
  });
});
