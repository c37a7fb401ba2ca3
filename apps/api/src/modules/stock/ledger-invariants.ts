import { sql } from "drizzle-orm";
import { allowLongStatements, type Db, type DbOrTx } from "../../db/client.ts";

/** The whole ledger is read: on a big database that takes longer than a request may. */
const LEDGER_CHECK_TIMEOUT_MS = 10 * 60_000;

export interface LedgerViolation {
  invariant: "I1" | "I2" | "I3" | "I6";
  detail: string;
}

/**
 * Checks the ledger invariants of DESIGN.md section 4 against the whole database:
 * I1 every balance equals the signed sum of its live movements (and no live sum lacks its balance),
 * I2 no balance is negative or zero, I3 a move has two different positions and one quantity,
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
