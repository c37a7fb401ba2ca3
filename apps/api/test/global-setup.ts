import type { TestProject } from "vitest/node";
import { connectDatabase } from "../src/db/client.ts";
import { runMigrations } from "../src/db/migrate.ts";
import { databaseUrl, startTestPostgres, withAdminClient } from "./test-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
  }
}

/** Starts one PostgreSQL for the run and migrates a template database that every test file clones. */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  const templateDatabase = `wms_template_${process.pid}_${Date.now()}`;
  await withAdminClient(postgres.adminUrl, (client) => client.query(`create database "${templateDatabase}"`));
  const template = connectDatabase(databaseUrl(postgres.adminUrl, templateDatabase), { max: 2 });
  try {
    await runMigrations(template);
  } finally {
    await template.close();
  }
  project.provide("postgresAdminUrl", postgres.adminUrl);
  project.provide("templateDatabase", templateDatabase);

  return async () => {
    await withAdminClient(postgres.adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1 or datname = $2",
        [`${templateDatabase}_f_%`, templateDatabase],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists "${datname}" with (force)`);
      }
    });
    await postgres.stop();
  };
}
