import { ApiError, toApiError } from "./api-client.ts";

export interface CsvFile {
  fileName: string;
  blob: Blob;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * GET a CSV export of the API (`path` under /api, with its query string): the server's file as it sent
 * it (RFC 4180, byte order mark, formulas neutralised), named as its Content-Disposition says.
 */
export async function fetchCsv(path: string, fallbackName: string): Promise<CsvFile> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: "same-origin",
      headers: { Accept: "text/csv" },
    });
  } catch {
    throw new ApiError("NETWORK_ERROR", "", 0);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw toApiError(response.status, body);
  }
  return {
    fileName: fileNameOf(response.headers.get("content-disposition"), fallbackName),
    blob: await response.blob(),
  };
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ fileName, blob }: CsvFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
