import pg from "pg";
import { inject } from "vitest";

/** Runs SQL against the e2e server's database, for arranging what the UI cannot (time passing). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("e2eDatabaseUrl") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Makes a movement `minutes` older, as if the database clock had moved on. */
export async function ageMovement(movementId: number, minutes: number): Promise<void> {
  await withDatabase((client) =>
    client.query(
      "update stock_movements set created_at = created_at - make_interval(mins => $2) where id = $1",
      [movementId, minutes],
    ),
  );
}
