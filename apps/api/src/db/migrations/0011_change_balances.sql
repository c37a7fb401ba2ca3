-- Applies a set of balance changes in one call: the database sums the changes per (item, location)
-- and walks them in that order (the lock order of DESIGN.md section 5), adding to each balance
-- (creating it when absent) or taking from it under its row lock. It replaces one statement per
-- taking and one per run of additions: a movement's balances and its ledger row are now written by
-- one statement, which costs the application and the server a statement's round of messages less
-- for each one saved.
-- `p_changes` is a JSON array of {"item_id", "location_id", "delta"}: delta signed, as numeric text.
-- A taking reads afresh, as take_from_balance did (a volatile function takes a new snapshot per
-- statement): the UPDATE re-checks its condition on the newest version of a row changed concurrently,
-- and the DELETE then still finds a balance emptied to exactly the amount meanwhile. Every stored
-- balance is positive (stock_balances_positive_check), so one taken to zero is deleted.
-- A balance holding less than is taken (or none) fails the call with SQLSTATE WS001 ("not enough
-- stock"), its DETAIL a JSON object naming the balance and what it held: {"itemId", "locationId",
-- "available"}. Nothing is changed then: the caller's statement, and its transaction, fail.
CREATE FUNCTION change_balances(p_changes jsonb)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  change record;
  available numeric;
BEGIN
  FOR change IN
    SELECT c.item_id, c.location_id, sum(c.delta) AS delta
    FROM jsonb_to_recordset(p_changes) AS c(item_id integer, location_id integer, delta numeric)
    GROUP BY c.item_id, c.location_id
    ORDER BY c.item_id, c.location_id
  LOOP
    IF change.delta > 0 THEN
      INSERT INTO stock_balances (item_id, location_id, quantity)
      VALUES (change.item_id, change.location_id, change.delta)
      ON CONFLICT (item_id, location_id)
      DO UPDATE SET quantity = stock_balances.quantity + excluded.quantity, updated_at = now();
    ELSIF change.delta < 0 THEN
      UPDATE stock_balances SET quantity = quantity + change.delta, updated_at = now()
      WHERE item_id = change.item_id AND location_id = change.location_id AND quantity > -change.delta;
      CONTINUE WHEN FOUND;
      DELETE FROM stock_balances
      WHERE item_id = change.item_id AND location_id = change.location_id AND quantity = -change.delta;
      CONTINUE WHEN FOUND;
      SELECT quantity INTO available FROM stock_balances
      WHERE item_id = change.item_id AND location_id = change.location_id;
      RAISE EXCEPTION 'not enough stock'
        USING ERRCODE = 'WS001',
          DETAIL = json_build_object('itemId', change.item_id, 'locationId', change.location_id,
            'available', trim_scale(coalesce(available, 0))::text)::text;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION take_from_balance(integer, integer, numeric);
