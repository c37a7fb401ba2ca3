import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportCommitResponse } from "@wms/domain";
import { apiRequest, SESSION_END_SHOWN_HERE } from "../../../lib/api-client.ts";
import { IDEMPOTENCY_HEADER } from "../../../lib/idempotency.ts";
import { invalidateStockQueries } from "../../../lib/stock-queries.ts";
import type { UploadFile } from "../lib/upload-file.ts";
import { CSV_CONTENT_TYPE, importQueryString } from "./import-preview.ts";

export interface CommitImportVariables {
  upload: UploadFile;
  /** One per commit attempt, the same for a retry of it; it also names the attempt's progress. */
  idempotencyKey: string;
}

/**
 * Saves the file all or nothing (product-decisions 16): every item and one received movement per row
 * with a quantity. Refused with IMPORT_REJECTED (details: validation and processing errors) or
 * IMPORT_UNEXPECTED; either way nothing is saved.
 */
export function commitImport({
  upload,
  idempotencyKey,
}: CommitImportVariables): Promise<ImportCommitResponse> {
  return apiRequest<ImportCommitResponse>(`/imports/commit${importQueryString(upload)}`, {
    method: "POST",
    rawBody: { data: upload.bytes, contentType: CSV_CONTENT_TYPE },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    // An ended session is shown in the upload window's result.
    meta: SESSION_END_SHOWN_HERE,
    // New items with stock: the item lists (key root ["items"]) and everything else stock changes.
    onSuccess: () => invalidateStockQueries(queryClient),
  });
}
