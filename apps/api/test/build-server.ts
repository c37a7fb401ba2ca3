import { buildApi } from "../scripts/build.ts";

/**
 * Global setup of every test project that starts the real server as a child process: bundles it from
 * the current source once, before any test file runs, so no run starts a stale or half-written bundle.
 */
export default async function setup() {
  await buildApi();
}
