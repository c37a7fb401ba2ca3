import { saveFile } from "../../../lib/csv-download.ts";

/** Saves text the browser built as a file (a CSV export), without a round trip to the server. */
export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8"): void {
  saveFile({ fileName, blob: new Blob([text], { type }) });
}
