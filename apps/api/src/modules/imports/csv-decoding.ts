import { MESSAGES } from "@wms/domain";
import { AppError } from "../../http/app-error.ts";

/** Signatures of files that are certainly not CSV text: zip (xlsx, ods), OLE (xls), PDF, images. */
const BINARY_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x1f, 0x8b],
];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * Decodes the upload as UTF-8, refusing what is not CSV text: a binary file (spreadsheet, PDF,
 * image, anything holding NUL bytes), UTF-16 and any byte sequence that is not valid UTF-8 (Latin-1,
 * Windows-1256 ...), so nothing is ever silently misread. A byte order mark is dropped.
 */
export function decodeUpload(body: Buffer): string {
  if (BINARY_SIGNATURES.some((signature) => startsWith(body, signature))) {
    throw new AppError("IMPORT_NOT_TEXT", MESSAGES.csvNotText);
  }
  if (startsWith(body, [0xff, 0xfe]) || startsWith(body, [0xfe, 0xff])) {
    throw new AppError("IMPORT_NOT_UTF8", MESSAGES.csvNotUtf8, { encoding: "UTF-16" });
  }
  if (body.includes(0)) {
    throw new AppError("IMPORT_NOT_TEXT", MESSAGES.csvNotText);
  }
  try {
    // ignoreBOM false: a leading byte order mark is consumed, not returned.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw new AppError("IMPORT_NOT_UTF8", MESSAGES.csvNotUtf8);
  }
}
