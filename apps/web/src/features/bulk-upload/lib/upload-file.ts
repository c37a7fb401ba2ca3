import type { ImportRejectedDetails, ImportRowError } from "@wms/domain";
import { IMPORT_MAX_BYTES, MESSAGES } from "@wms/domain";
import { isApiError } from "../../../lib/api-client.ts";

/** A chosen file, read once: the preview and the commit send exactly these bytes. */
export interface UploadFile {
  fileName: string;
  size: number;
  bytes: ArrayBuffer;
}

/**
 * The browser's own checks before anything is sent (the server checks again): the name must end in
 * .csv and the file must not be larger than 10 MB. Null when the file may be sent.
 */
export function uploadFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.csv$/i.test(file.name.trim())) {
    return MESSAGES.csvFileRequired;
  }
  if (file.size > IMPORT_MAX_BYTES) {
    return MESSAGES.csvFileTooLarge;
  }
  return null;
}

function isRowErrorList(value: unknown): value is ImportRowError[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        typeof entry === "object" &&
        entry !== null &&
        typeof (entry as { message?: unknown }).message === "string",
    )
  );
}

/** The validation and processing errors of a refused upload (IMPORT_REJECTED); empty lists otherwise. */
export function rejectedDetailsOf(error: unknown): ImportRejectedDetails {
  if (!isApiError(error) || !error.details) {
    return { validationErrors: [], processingErrors: [] };
  }
  const { validationErrors, processingErrors } = error.details;
  return {
    validationErrors: isRowErrorList(validationErrors) ? validationErrors : [],
    processingErrors: isRowErrorList(processingErrors) ? processingErrors : [],
  };
}

/**
 * Whether the outcome of a commit is known: a network failure may or may not have saved the upload,
 * so its retry must carry the same Idempotency-Key; any answer from the server settles it.
 */
export function commitOutcomeKnown(error: unknown): boolean {
  return !isApiError(error) || error.code !== "NETWORK_ERROR";
}
