ALTER TABLE "ledger" DROP CONSTRAINT "ledger_pool_id_pools_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_entry_id_entries_id_fk";
--> statement-breakpoint
-- The ledger's pool and entry are checked once per statement instead (docs/decisions/009): a big pool's
-- week appends 100,000 auto-rebuy rows, and the keys' row-by-row checks took half of that insert.
-- A row must name a pool, and an entry of that pool when it names one (stricter than the two keys were).
CREATE FUNCTION "ledger_check_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT a.pool_id, a.entry_id INTO bad FROM ledger_added a
  WHERE NOT EXISTS (SELECT 1 FROM pools p WHERE p.id = a.pool_id)
    OR (a.entry_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.id = a.entry_id AND e.pool_id = a.pool_id))
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger row names no entry % of pool %', bad.entry_id, bad.pool_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_keys_on_insert" AFTER INSERT ON "ledger" REFERENCING NEW TABLE AS ledger_added
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_check_keys"();--> statement-breakpoint
CREATE TRIGGER "ledger_keys_on_update" AFTER UPDATE ON "ledger" REFERENCING NEW TABLE AS ledger_added
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_check_keys"();--> statement-breakpoint
-- A deleted pool or entry takes its ledger rows with it, as the keys' cascade did.
CREATE FUNCTION "ledger_delete_with"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'pools' THEN
    DELETE FROM ledger l USING removed r WHERE l.pool_id = r.id;
  ELSE
    DELETE FROM ledger l USING removed r WHERE l.entry_id = r.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_of_deleted_pools" AFTER DELETE ON "pools" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_delete_with"();--> statement-breakpoint
CREATE TRIGGER "ledger_of_deleted_entries" AFTER DELETE ON "entries" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_delete_with"();
