import { useMutation } from "@tanstack/react-query";
import type { ImportPreviewResponse } from "@wms/domain";
import { apiRequest, SESSION_END_SHOWN_HERE } from "../../../lib/api-client.ts";
import type { UploadFile } from "../lib/upload-file.ts";

/** Where the sample file is downloaded from (UTF-8 with BOM, the columns the upload reads). */
export const SAMPLE_FILE_URL = "/api/imports/sample.csv";

export const CSV_CONTENT_TYPE = "text/csv";

export function importQueryString(upload: UploadFile): string {
  return `?${new URLSearchParams({ fileName: upload.fileName }).toString()}`;
}

/** Reads and checks the file on the server: every row with its values and errors; nothing is written. */
export function previewImport(upload: UploadFile): Promise<ImportPreviewResponse> {
  return apiRequest<ImportPreviewResponse>(`/imports/preview${importQueryString(upload)}`, {
    method: "POST",
    rawBody: { data: upload.bytes, contentType: CSV_CONTENT_TYPE },
  });
}

/** An ended session is shown in the upload window (SESSION_END_SHOWN_HERE). */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport, meta: SESSION_END_SHOWN_HERE });
}
