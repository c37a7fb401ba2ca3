import { type ApiErrorBody, ERROR_STATUS, type ErrorCode, MESSAGES } from "@wms/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./app-error.ts";
import { isDatabaseTimeout, isDatabaseUnavailable, sqlStateOf } from "./database-errors.ts";

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): FastifyReply {
  const body: ApiErrorBody = { error: { code, message, ...(details ? { details } : {}) } };
  return reply.code(ERROR_STATUS[code]).type("application/json; charset=utf-8").send(body);
}

/**
 * Turns every failure into the API's error shape. Client mistakes keep their own status and a clear
 * message; anything unexpected is logged in full and answered with a generic 500 (never a stack trace).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const unknownKeys = (issue.params as { keys?: string[] } | undefined)?.keys;
        const names = unknownKeys?.length
          ? unknownKeys
          : [issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body"];
        for (const name of names) {
          fields[name] ??= unknownKeys?.length ? "Unknown field" : (issue.message ?? "Invalid value");
        }
      }
      const where = error.validationContext ?? "body";
      return sendError(reply, "VALIDATION_FAILED", `The request ${where} is not valid.`, { fields });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.statusCode === 413) {
      return sendError(reply, "PAYLOAD_TOO_LARGE", MESSAGES.payloadTooLarge);
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || error.statusCode === 415) {
      return sendError(reply, "UNSUPPORTED_MEDIA_TYPE", MESSAGES.unsupportedMediaType);
    }
    if (sqlStateOf(error) === "22003") {
      // A sum outgrew its column (a balance or a purchase line): the request asked for too much.
      return sendError(reply, "VALIDATION_FAILED", "A quantity or amount is too large.");
    }
    if (isDatabaseUnavailable(error)) {
      const timeout = isDatabaseTimeout(error);
      request.log.warn({ err: error }, timeout ? "database timeout" : "database unavailable");
      return sendError(reply, "DATABASE_UNAVAILABLE", MESSAGES.databaseUnavailable, {
        retryable: true,
        ...(timeout ? { reason: "timeout" } : {}),
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, empty JSON body, bad URL encoding.
      return sendError(reply, "VALIDATION_FAILED", "The request could not be read. Send valid JSON.");
    }
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, "INTERNAL", MESSAGES.internal);
  });
}
