import { loadConfig } from "./config.ts";
import { reportStartFailure, startServer } from "./server.ts";

/**
 * `npm run serve` and `npm start`: the server with the environment's settings. The process runs the
 * bundle `npm run build:api` makes of this file (apps/api/dist/main.mjs), not the source through a
 * TypeScript loader (decision 022).
 */
try {
  await startServer(loadConfig());
} catch (error) {
  reportStartFailure(error);
}
