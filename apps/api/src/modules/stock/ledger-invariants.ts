import { sql } from "drizzle-orm";
import { allowLongStatements, type Db, type DbOrTx } from "../../db/client.ts";

/** The whole ledger is read: on a big database that takes longer than a request may. */
const LEDGER_CHECK_TIMEOUT_MS = 10 * 60_000;

export interface LedgerViolation {
  invariant: "I1" | "I2" | "I3" | "I4" | "I5" | "I6";
  detail: string;
}

/**
 * Checks the ledger invariants of DESIGN.md section 4 against the whole database:
 * I1 every balance equals the signed sum of its live movements (and no live sum lacks its balance),
 * I2 no balance is negative or zero, I3 a move has two different positions and one quantity,
 * I4 a movement is reversed at most once, I5 one movement set per idempotency key,
 * I6 one balance row per (item, location). Returns every violation found; none means consistent.
 */
export async function findLedgerViolations(db: DbOrTx): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const mismatches = await db.execute<{
    itemId: number;
    locationId: number;
    ledger: string;
    balance: string;
  }>(sql`
    with ledger as (
      select item_id, to_location_id as location_id, quantity as delta
      from stock_movements where deleted_at is null and to_location_id is not null
      union all
      select item_id, from_location_id, -quantity
      from stock_movements where deleted_at is null and from_location_id is not null
    ), sums as (
      select item_id, location_id, sum(delta) as quantity from ledger group by item_id, location_id
    )
    select coalesce(s.item_id, b.item_id) as "itemId", coalesce(s.location_id, b.location_id) as "locationId",
           coalesce(s.quantity, 0)::text as ledger, coalesce(b.quantity, 0)::text as balance
    from sums s full join stock_balances b on b.item_id = s.item_id and b.location_id = s.location_id
    where coalesce(s.quantity, 0) <> coalesce(b.quantity, 0)
    limit 100`);
  for (const row of mismatches.rows) {
    violations.push({
      invariant: "I1",
      detail: `item ${row.itemId} at location ${row.locationId}: ledger ${row.ledger}, balance ${row.balance}`,
    });
  }
  const nonPositive = await db.execute<{ itemId: number; locationId: number }>(sql`
    select item_id as "itemId", location_id as "locationId" from stock_balances where quantity <= 0 limit 100`);
  for (const row of nonPositive.rows) {
    violations.push({
      invariant: "I2",
      detail: `item ${row.itemId} at location ${row.locationId} is not positive`,
    });
  }
  const badMoves = await db.execute<{ id: number }>(sql`
    select id::int from stock_movements
    where type = 'moved' and (from_location_id is null or to_location_id is null or from_location_id = to_location_id)
    limit 100`);
  for (const row of badMoves.rows) {
    violations.push({ invariant: "I3", detail: `movement ${row.id} does not move between two positions` });
  }
  const duplicates = await db.execute<{ itemId: number; locationId: number }>(sql`
    select item_id as "itemId", location_id as "locationId" from stock_balances
    group by item_id, location_id having count(*) > 1 limit 100`);
  for (const row of duplicates.rows) {
    violations.push({
      invariant: "I6",
      detail: `item ${row.itemId} at location ${row.locationId} has several rows`,
    });
  }
  violations.push(...(await reversalViolations(db)), ...(await idempotencyViolations(db)));
  return violations;
}

/**
 * findLedgerViolations over a live database (`npm run check:ledger`, the benchmark): every check sees
 * one snapshot, and the statements may run as long as reading the whole ledger takes.
 */
export async function checkLedger(db: Db): Promise<LedgerViolation[]> {
  return db.transaction(
    async (tx) => {
      await allowLongStatements(tx, LEDGER_CHECK_TIMEOUT_MS);
      return findLedgerViolations(tx);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * I4. Deleting a movement is its reversal: its balances are reversed, it is marked deleted, and one
 * 'delete' audit row records it, all in one transaction under the movement's row lock. So a movement
 * with two delete records was reversed twice, and one with a delete record but no deletion mark was
 * reversed while it still counts in the ledger.
 */
async function reversalViolations(db: DbOrTx): Promise<LedgerViolation[]> {
  const result = await db.execute<{ id: string; deletions: number; live: boolean }>(sql`
    select a.entity_id as id, count(*)::int as deletions, bool_or(m.deleted_at is null) as live
    from audit_log a
    join stock_movements m on m.id::text = a.entity_id
    where a.entity = 'stock_movement' and a.action = 'delete'
    group by a.entity_id
    having count(*) > 1 or bool_or(m.deleted_at is null)
    order by a.entity_id
    limit 100`);
  return result.rows.map((row) => ({
    invariant: "I4" as const,
    detail:
      row.deletions > 1
        ? `movement ${row.id} was reversed ${row.deletions} times`
        : `movement ${row.id} was reversed but is not marked deleted`,
  }));
}

/**
 * I5. An idempotency key (per user) is claimed once, inside the transaction of the work it guards,
 * and keeps that work's answer: so there is one row per key, each with its answer, no movement
 * belongs to the answers of two keys, and no upload was committed twice under one key. The
 * movements of an answer are its `movementIds` (a purchase) or its own `id` (a single movement).
 */
async function idempotencyViolations(db: DbOrTx): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const keys = await db.execute<{ userId: number; key: string; rows: number }>(sql`
    select user_id as "userId", key, count(*)::int as rows from idempotency_keys
    group by user_id, key having count(*) > 1 order by 1, 2 limit 100`);
  for (const row of keys.rows) {
    violations.push({
      invariant: "I5",
      detail: `idempotency key ${row.key} of user ${row.userId} is recorded ${row.rows} times`,
    });
  }
  const unanswered = await db.execute<{ userId: number; key: string }>(sql`
    select user_id as "userId", key from idempotency_keys where response_body is null
    order by 1, 2 limit 100`);
  for (const row of unanswered.rows) {
    violations.push({
      invariant: "I5",
      detail: `idempotency key ${row.key} of user ${row.userId} has no recorded answer`,
    });
  }
  const shared = await db.execute<{ movementId: string; keys: string }>(sql`
    with claims as (
      select k.user_id, k.key, ids.id as movement_id
      from idempotency_keys k
      cross join lateral (
        select jsonb_array_elements_text(k.response_body -> 'movementIds') as id
        where jsonb_typeof(k.response_body -> 'movementIds') = 'array'
        union all
        select k.response_body ->> 'id'
        where k.response_body ? 'type' and k.response_body ? 'itemId'
      ) ids
    )
    select movement_id as "movementId",
           string_agg(distinct user_id || '/' || key, ', ') as keys
    from claims
    group by movement_id
    having count(distinct (user_id, key)) > 1
    order by movement_id
    limit 100`);
  for (const row of shared.rows) {
    violations.push({
      invariant: "I5",
      detail: `movement ${row.movementId} belongs to the answers of several idempotency keys (${row.keys})`,
    });
  }
  const imports = await db.execute<{ userId: number | null; key: string; commits: number }>(sql`
    select actor_id as "userId", entity_id as key, count(*)::int as commits
    from audit_log where entity = 'import' and action = 'commit'
    group by actor_id, entity_id having count(*) > 1
    order by 1, 2 limit 100`);
  for (const row of imports.rows) {
    violations.push({
      invariant: "I5",
      detail: `upload ${row.key} of user ${row.userId} was committed ${row.commits} times`,
    });
  }
  return violations;
}
