import { ERROR_STATUS, type ErrorCode } from "@wms/domain";

/** A failure the client caused or can act on; its code maps to one HTTP status in ERROR_STATUS. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
