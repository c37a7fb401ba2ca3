import type { FastifyInstance } from "fastify";
import {
  registerSpa as registerProductSpa,
  type SpaOptions,
  WEB_DIST_DIR,
} from "../../apps/api/src/http/spa.ts";

export { WEB_DIST_DIR };

/** The product's registerSpa, pointed at the benchmark's own build of the web app. */
export function registerSpa(
  app: FastifyInstance,
  distDir = process.env.BENCH_WEB_DIST ?? WEB_DIST_DIR,
  options?: SpaOptions,
) {
  return registerProductSpa(app, distDir, options);
}
