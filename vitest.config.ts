import { defineConfig } from "vitest/config";

/**
 * One runner, three projects: pure unit tests, API integration tests against real PostgreSQL (one
 * server per run, a migrated template, a fresh database per test file), and browser tests that drive
 * Debian's Chromium against the built app served by the real server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/domain/src/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
            "apps/web/*.test.ts",
            "bench/lib/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts", "apps/api/test/**/*.test.ts"],
          exclude: ["apps/api/test/faults/**", "**/node_modules/**"],
          environment: "node",
          globalSetup: ["apps/api/test/build-server.ts", "apps/api/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        // `npm run test:faults`: the slow fault-injection runs (kill -9, SIGTERM, PostgreSQL restarts,
        // disk full) against real server processes, one file at a time.
        test: {
          name: "faults",
          include: ["apps/api/test/faults/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/api/test/build-server.ts"],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/api/test/build-server.ts", "e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
