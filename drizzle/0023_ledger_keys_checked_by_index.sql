-- The ledger's keys, checked once per statement (0021), in two reads instead of one with OR: with the OR,
-- PostgreSQL hashed every entry of every pool to check the new rows (100,000 auto-rebuys: 0.7 s); on its
-- own, the entries' check finds each new row's entry by its key (0.25 s), and the pools' check reads each
-- pool once. Same rows refused; the error names the entry only when the pool exists.
CREATE OR REPLACE FUNCTION "ledger_check_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
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
