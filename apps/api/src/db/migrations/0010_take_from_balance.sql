-- Takes an amount out of a balance under its row lock, or fails with SQLSTATE WS001 ("not enough
-- stock", the balance's quantity then, 0 when it has none, as the DETAIL), changing nothing.
-- One statement instead of up to three answers a movement's taking as an error, not as a row count
-- the application must look at before going on, so the statements that follow it (the additions,
-- the movement's row) can be sent behind it without waiting (pipelined), one round trip for all.
-- Each statement below reads afresh (a volatile function takes a new snapshot per statement, as
-- separate statements do): the UPDATE re-checks its condition on the newest version of a row changed
-- concurrently, and the DELETE then still finds a balance emptied to exactly the amount meanwhile.
-- Every stored balance is positive (stock_balances_positive_check), so one taken to zero is deleted.
CREATE FUNCTION take_from_balance(p_item_id integer, p_location_id integer, p_amount numeric)
RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  available numeric;
BEGIN
  UPDATE stock_balances SET quantity = quantity - p_amount, updated_at = now()
  WHERE item_id = p_item_id AND location_id = p_location_id AND quantity > p_amount;
  IF FOUND THEN
    RETURN;
  END IF;
  DELETE FROM stock_balances
  WHERE item_id = p_item_id AND location_id = p_location_id AND quantity = p_amount;
  IF FOUND THEN
    RETURN;
  END IF;
  SELECT quantity INTO available FROM stock_balances
  WHERE item_id = p_item_id AND location_id = p_location_id;
  RAISE EXCEPTION 'not enough stock'
    USING ERRCODE = 'WS001', DETAIL = trim_scale(coalesce(available, 0))::text;
END
$$;
