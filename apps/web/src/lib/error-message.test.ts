import { MESSAGES, movementTooOldMessage, notEnoughStockMessage } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { registerArabicServerTexts } from "../i18n/server-messages.ts";
import { AR_MESSAGES, localizeArabic } from "../i18n/server-messages-ar.ts";
import { ApiError, toApiError } from "./api-client.ts";
import { describeError, isUnexpectedFailure } from "./error-message.ts";

const dictionary: Record<string, string> = {
  "errors.INTERNAL": "Something went wrong on the server. Please try again.",
  "errors.NETWORK_ERROR": "The server cannot be reached. Check your connection and try again.",
};
// The Arabic server texts register when the Arabic strings load (i18n/index.ts); here, at once.
registerArabicServerTexts(localizeArabic);

const t = (key: string, options: { defaultValue: string }) => dictionary[key] ?? options.defaultValue;

const PROCESSING = "An error occurred while processing the movement. Please try again.";
const texts = { unexpected: PROCESSING };

/** The failures as apiRequest produces them from what came back. */
const network = new ApiError("NETWORK_ERROR", "", 0);
const internal = toApiError(500, { error: { code: "INTERNAL", message: MESSAGES.internal } });
const unavailable = toApiError(503, {
  error: { code: "DATABASE_UNAVAILABLE", message: MESSAGES.databaseUnavailable },
});
const gatewayPage = toApiError(502, "<html>Bad Gateway</html>");
const notEnough = toApiError(409, {
  error: { code: "INSUFFICIENT_STOCK", message: notEnoughStockMessage("4") },
});
const tooOld = toApiError(409, {
  error: { code: "MOVEMENT_TOO_OLD", message: movementTooOldMessage("12 Mar 2026, 14:05") },
});
const invalid = toApiError(400, {
  error: {
    code: "VALIDATION_FAILED",
    message: MESSAGES.selectValidItem,
    details: { fields: { itemId: MESSAGES.selectValidItem } },
  },
});
const itemMissing = toApiError(404, { error: { code: "NOT_FOUND", message: MESSAGES.itemNotFound } });
const forbidden = toApiError(403, { error: { code: "FORBIDDEN", message: MESSAGES.forbidden } });
const signedOut = toApiError(401, { error: { code: "UNAUTHENTICATED", message: MESSAGES.notSignedIn } });

describe("isUnexpectedFailure", () => {
  it("is true for failures with no reason of their own", () => {
    for (const error of [network, internal, unavailable, gatewayPage, new TypeError("x")]) {
      expect(isUnexpectedFailure(error)).toBe(true);
    }
    expect(isUnexpectedFailure(toApiError(418, undefined))).toBe(true);
  });

  it("is false for refusals that give their reason", () => {
    for (const error of [notEnough, tooOld, invalid, itemMissing, forbidden, signedOut]) {
      expect(isUnexpectedFailure(error)).toBe(false);
    }
  });
});

describe("describeError with a screen's own texts", () => {
  it("shows the screen's text for a network error, a 500 and a 503", () => {
    expect(describeError(network, t, "en", texts)).toBe(PROCESSING);
    expect(describeError(internal, t, "en", texts)).toBe(PROCESSING);
    expect(describeError(unavailable, t, "en", texts)).toBe(PROCESSING);
    expect(describeError(gatewayPage, t, "en", texts)).toBe(PROCESSING);
    expect(describeError(new Error("a bug"), t, "en", texts)).toBe(PROCESSING);
  });

  it("keeps the server's message for a business or validation refusal", () => {
    expect(describeError(notEnough, t, "en", texts)).toBe(
      "Not enough items in source location. Available: 4",
    );
    expect(describeError(tooOld, t, "en", texts)).toBe(
      "This movement cannot be deleted because it was created more than 10 minutes ago. Created on: 12 Mar 2026, 14:05",
    );
    expect(describeError(invalid, t, "en", texts)).toBe("Please select a valid item");
    expect(describeError(itemMissing, t, "en", { unexpected: MESSAGES.itemDeleteFailed })).toBe(
      "Item not found",
    );
    expect(describeError(forbidden, t, "en", texts)).toBe(MESSAGES.forbidden);
  });

  it("translates the server's message for an Arabic reader, and the screen's text is given translated", () => {
    expect(describeError(itemMissing, t, "ar", { unexpected: "…" })).toBe(AR_MESSAGES.itemNotFound);
    expect(describeError(internal, t, "ar", { unexpected: "نص الشاشة" })).toBe("نص الشاشة");
  });

  it("shows the screen's text for an ended session when it has one, else the generic one", () => {
    const authMissing = "User authentication data is missing. Please log out and log in again.";
    expect(describeError(signedOut, t, "en", { signedOut: authMissing })).toBe(authMissing);
    const expired = toApiError(401, {
      error: { code: "SESSION_EXPIRED", message: MESSAGES.sessionExpired },
    });
    expect(describeError(expired, t, "en", { signedOut: authMissing })).toBe(authMissing);
    expect(describeError(signedOut, t, "en", texts)).toBe(MESSAGES.notSignedIn);
    expect(describeError(internal, t, "en", { signedOut: authMissing })).toBe(
      "Something went wrong on the server. Please try again.",
    );
  });

  it("without texts, says what it always said", () => {
    expect(describeError(network, t)).toBe(dictionary["errors.NETWORK_ERROR"]);
    expect(describeError(internal, t)).toBe(dictionary["errors.INTERNAL"]);
    expect(describeError(notEnough, t)).toBe("Not enough items in source location. Available: 4");
  });
});
