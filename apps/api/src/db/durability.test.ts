import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../../test/context.ts";
import { spawnServer } from "../../test/process/server-process.ts";
import { withAdminClient } from "../../test/test-postgres.ts";
import { connectDatabase } from "./client.ts";
import { durabilityWarnings } from "./durability.ts";

/**
 * Reliability checklist F19/F20 for PostgreSQL: the embedded server keeps PostgreSQL's durable
 * defaults, and a server (or database) set to acknowledge commits before they are on disk is named in
 * a warning when the WMS starts on it.
 */
const durable = await createTestDatabase();
const relaxed = await createTestDatabase();
await withAdminClient(inject("postgresAdminUrl"), (client) =>
  client.query(`alter database "${new URL(relaxed.url).pathname.slice(1)}" set synchronous_commit = off`),
);
afterAll(async () => {
  await durable.drop();
  await relaxed.drop();
});

async function warningsOf(url: string) {
  const database = connectDatabase(url, { max: 1 });
  try {
    return await durabilityWarnings(database.db);
  } finally {
    await database.close();
  }
}

describe("durability settings (F19, F20)", () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "finds nothing to warn about on the embedded server as the WMS starts it",
    async () => {
      expect(await warningsOf(durable.url)).toEqual([]);
    },
  );

  it("names synchronous_commit=off, and the server says so when it starts", async () => {
    const warnings = await warningsOf(relaxed.url);
    expect(warnings).toEqual([expect.stringContaining("PostgreSQL runs with synchronous_commit=off")]);
    const server = spawnServer({ DATABASE_URL: relaxed.url });
    try {
      await server.ready;
      expect(server.output()).toContain("WARNING: PostgreSQL runs with synchronous_commit=off");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 60_000);
});
