import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { MESSAGES } from "@wms/domain";
import type { FastifyInstance } from "fastify";
import { sendError } from "./error-handler.ts";

export const WEB_DIST_DIR = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every other
 * GET outside /api answered with index.html so the app's own router decides (including its redirects).
 * The build writes a brotli and a gzip copy of each text file (apps/web/precompress.ts); a client that
 * accepts one gets it as it is, so no request spends CPU compressing the app.
 */
export async function registerSpa(app: FastifyInstance, distDir = WEB_DIST_DIR): Promise<void> {
  const hasBuild = fs.existsSync(path.join(distDir, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api");
    if (isPage && hasBuild) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return sendError(reply, "NOT_FOUND", MESSAGES.notFound, { path: request.url.split("?")[0] });
  });
}
