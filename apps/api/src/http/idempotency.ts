import { createHash } from "node:crypto";
import { MESSAGES } from "@wms/domain";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { connectionOf, type Tx } from "../db/client.ts";
import { preparedStatement } from "../db/prepared.ts";
import { committingWith } from "../db/transaction-ends.ts";
import { AppError } from "./app-error.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";

export interface IdempotencyClaim {
  userId: number;
  key: string;
  requestHash: string;
}

/** The request's idempotency key, if it sent one (8-128 URL-safe characters). */
export function idempotencyClaimOf(request: FastifyRequest, userId: number): IdempotencyClaim | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) {
    return null;
  }
  if (typeof raw !== "string" || !/^[A-Za-z0-9_-]{8,128}$/.test(raw)) {
    throw new AppError(
      "VALIDATION_FAILED",
      "The Idempotency-Key header must be 8 to 128 letters, digits, - or _.",
    );
  }
  const requestHash = createHash("sha256")
    .update(`${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
  return { userId, key: raw, requestHash };
}

/**
 * Runs `work` once per key, in the caller's transaction. The key row is inserted first: a concurrent
 * duplicate waits on it, and once the first commits it finds the stored answer and returns that; the
 * same key with a different request is refused (422). If the first transaction rolls back, the key
 * goes with it and a retry runs the work afresh.
 */
export async function onceForKey<T>(
  tx: Tx,
  claim: IdempotencyClaim | null,
  work: (lastStatement: boolean) => Promise<T>,
  options: OnceForKeyOptions = {},
): Promise<T> {
  if (!claim) {
    return work(options.lastStatement === true);
  }
  const inserted = await tx.execute(sql`
    insert into idempotency_keys (user_id, key, request_hash) values (${claim.userId}, ${claim.key}, ${claim.requestHash})
    on conflict do nothing returning key`);
  if (inserted.rows.length === 0) {
    const existing = await tx.execute<{ requestHash: string; responseBody: T }>(sql`
      select request_hash as "requestHash", response_body as "responseBody"
      from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key}`);
    const row = existing.rows[0];
    if (!row || row.requestHash !== claim.requestHash) {
      throw new AppError("IDEMPOTENCY_MISMATCH", MESSAGES.idempotencyMismatch);
    }
    return row.responseBody;
  }
  const result = await work(false);
  const store = () =>
    STORE_ANSWER(tx, { userId: claim.userId, key: claim.key, body: JSON.stringify(result) });
  await (options.lastStatement ? committingWith(connectionOf(tx), store) : store());
  return result;
}

export interface OnceForKeyOptions {
  /**
   * The transaction ends here: its last statement leaves with COMMIT (committingWith). With a claim
   * that is storing the answer; without one, `work` is told (its argument) to make it.
   */
  lastStatement?: boolean;
}

const STORE_ANSWER = preparedStatement<{ userId: number; key: string; body: string }>(
  () => sql`
    update idempotency_keys set response_status = 201, response_body = ${sql.placeholder("body")}::jsonb
    where user_id = ${sql.placeholder("userId")} and key = ${sql.placeholder("key")}`,
);
