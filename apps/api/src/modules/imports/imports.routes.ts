import {
  IMPORT_MAX_BYTES,
  IMPORT_SAMPLE_FILE_NAME,
  ImportCommitResponseSchema,
  ImportFileNameQuerySchema,
  type ImportPreviewResponse,
  ImportPreviewResponseSchema,
  ImportProgressParamsSchema,
  ImportProgressSchema,
  MESSAGES,
} from "@wms/domain";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { AppError } from "../../http/app-error.ts";
import { IDEMPOTENCY_HEADER } from "../../http/idempotency.ts";
import { actorOf, requireUser } from "../../http/request-guard.ts";
import {
  commitClaimOf,
  commitImport,
  importProgress,
  previewImport,
  type Upload,
} from "./imports.service.ts";
import { previewJson } from "./preview-json.ts";
import { sampleCsv } from "./sample-file.ts";

/** What browsers and clients label a .csv file with; the content itself is checked after reading. */
const CSV_CONTENT_TYPES = ["text/csv", "application/vnd.ms-excel", "application/octet-stream"];

function uploadOf(body: unknown, query: { fileName: string }): Upload {
  if (!Buffer.isBuffer(body)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", MESSAGES.csvUploadContentType);
  }
  return { fileName: query.fileName, body };
}

/**
 * CSV bulk upload (admin only). The file travels as the raw request body (Content-Type text/csv) with
 * its name in ?fileName=. Only these routes read such bodies, and only up to 10 MB: Fastify counts the
 * bytes as they arrive and stops reading at the limit (or at once when Content-Length says more), so
 * an oversized body is answered 413 and never parsed. The rest of the API keeps its 1 MB JSON limit.
 */
export function importsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["imports"];
    const admin = { access: "admin" } as const;

    // Scoped to this plugin: JSON and everything else is refused here, CSV is read as raw bytes.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      CSV_CONTENT_TYPES,
      { parseAs: "buffer", bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        throw new AppError("PAYLOAD_TOO_LARGE", MESSAGES.csvFileTooLarge, { maxBytes: IMPORT_MAX_BYTES });
      }
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", MESSAGES.csvUploadContentType);
      }
      // Everything else: the application's own error handler.
      throw error;
    });

    app.get(
      "/api/imports/sample.csv",
      {
        config: admin,
        schema: { tags, summary: "The sample upload file (UTF-8 with BOM, RFC 4180)" },
      },
      async (_request, reply) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${IMPORT_SAMPLE_FILE_NAME}"`)
          .send(await sampleCsv(deps.db)),
    );

    app.post(
      "/api/imports/preview",
      {
        config: admin,
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          tags,
          summary: "Reads and checks a CSV file (raw text/csv body, ?fileName=); writes nothing",
          querystring: ImportFileNameQuerySchema,
          response: { 200: ImportPreviewResponseSchema },
        },
      },
      // The answer holds every row of the file (100,000 for a 10 MB upload): it is streamed as JSON
      // text (see previewJson), not checked against the response schema, which would copy all of it
      // once more. previewJson writes exactly ImportPreviewResponse; the schema documents it.
      async (request, reply) => {
        const preview = await previewImport(deps.db, uploadOf(request.body, request.query));
        // The stream's text is this answer's JSON; the type provider only knows the object form.
        const body: unknown = previewJson(preview);
        return reply.type("application/json; charset=utf-8").send(body as ImportPreviewResponse);
      },
    );

    app.post(
      "/api/imports/commit",
      {
        config: admin,
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          tags,
          summary:
            "Saves a CSV file all or nothing (raw text/csv body, ?fileName=); needs an Idempotency-Key, which also names its progress",
          querystring: ImportFileNameQuerySchema,
          response: { 201: ImportCommitResponseSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const upload = uploadOf(request.body, request.query);
        const claim = commitClaimOf(request.headers[IDEMPOTENCY_HEADER], user.id, upload);
        const result = await commitImport(
          { deps, user, actor: actorOf(request), claim, log: request.log },
          upload,
        );
        return reply.code(201).send(result);
      },
    );

    app.get(
      "/api/imports/progress/:key",
      {
        config: admin,
        schema: {
          tags,
          summary: "Progress of the commit sent with this Idempotency-Key (stored in PostgreSQL)",
          params: ImportProgressParamsSchema,
          response: { 200: ImportProgressSchema },
        },
      },
      async (request) => importProgress(deps.db, requireUser(request).id, request.params.key),
    );
  };
}
