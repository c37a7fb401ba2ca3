import { IMPORT_MAX_BYTES, MESSAGES } from "@wms/domain";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { commitOutcomeKnown, rejectedDetailsOf, uploadFileProblem } from "./upload-file.ts";

describe("uploadFileProblem", () => {
  it("accepts a .csv name in any case up to 10 MB", () => {
    expect(uploadFileProblem({ name: "items.csv", size: 10 })).toBeNull();
    expect(uploadFileProblem({ name: "ITEMS.CSV", size: IMPORT_MAX_BYTES })).toBeNull();
  });

  it("refuses other names with the spec's message", () => {
    expect(uploadFileProblem({ name: "items.xlsx", size: 10 })).toBe(MESSAGES.csvFileRequired);
    expect(uploadFileProblem({ name: "items.csv.txt", size: 10 })).toBe(MESSAGES.csvFileRequired);
  });

  it("refuses files over 10 MB", () => {
    expect(uploadFileProblem({ name: "items.csv", size: IMPORT_MAX_BYTES + 1 })).toBe(
      MESSAGES.csvFileTooLarge,
    );
  });
});

describe("rejectedDetailsOf", () => {
  it("reads the lists of a refused upload", () => {
    const validationErrors = [{ row: 2, field: "name", message: "Name is required" }];
    const error = new ApiError("IMPORT_REJECTED", MESSAGES.importRejected, 422, {
      validationErrors,
      processingErrors: [],
    });
    expect(rejectedDetailsOf(error)).toEqual({ validationErrors, processingErrors: [] });
  });

  it("gives empty lists for other failures", () => {
    expect(rejectedDetailsOf(new ApiError("IMPORT_UNEXPECTED", MESSAGES.importUnexpected, 500))).toEqual({
      validationErrors: [],
      processingErrors: [],
    });
    expect(rejectedDetailsOf(new Error("boom"))).toEqual({ validationErrors: [], processingErrors: [] });
  });
});

describe("commitOutcomeKnown", () => {
  it("is unknown only after a network failure", () => {
    expect(commitOutcomeKnown(new ApiError("NETWORK_ERROR", "", 0))).toBe(false);
    expect(commitOutcomeKnown(new ApiError("IMPORT_REJECTED", "", 422))).toBe(true);
  });
});
