-- The ledger's keys, checked once per statement (0021, 0023), unless the statement says its rows' keys
-- hold by construction: the weekly auto-rebuy charges of a big pool (100,000 rows) read each row's entry
-- from the pool's own entries by slot in the same statement, and checking them again cost half a second.
-- The setting is local to the transaction and set back right after that one statement.
CREATE OR REPLACE FUNCTION "ledger_check_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  IF current_setting('ala.ledger_keys_held', true) = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT a.pool_id, NULL::int AS entry_id INTO bad FROM (SELECT DISTINCT pool_id FROM ledger_added) a
  WHERE NOT EXISTS (SELECT 1 FROM pools p WHERE p.id = a.pool_id)
  LIMIT 1;
  IF NOT FOUND THEN
    SELECT a.pool_id, a.entry_id INTO bad FROM ledger_added a
    WHERE a.entry_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.id = a.entry_id AND e.pool_id = a.pool_id)
    LIMIT 1;
  END IF;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger row names no entry % of pool %', bad.entry_id, bad.pool_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
