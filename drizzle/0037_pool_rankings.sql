CREATE TABLE "pool_rank_versions" (
	"pool_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_rankings" (
	"pool_id" integer NOT NULL,
	"view" text NOT NULL,
	"version" bigint NOT NULL,
	"data" jsonb,
	"ids" integer[],
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_rankings_pool_id_view_pk" PRIMARY KEY("pool_id","view")
);
--> statement-breakpoint
ALTER TABLE "pool_rank_versions" ADD CONSTRAINT "pool_rank_versions_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_rankings" ADD CONSTRAINT "pool_rankings_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A pool's rank version moves in every transaction that changes what its stored rankings are computed from.
-- Inserts (the ledger is append-only; entries are never deleted) bump once per statement, from its rows.
CREATE FUNCTION "bump_pool_rank_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pool_rank_versions AS v (pool_id, version)
  SELECT DISTINCT c.pool_id, 1 FROM changed c ORDER BY c.pool_id
  ON CONFLICT (pool_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_rank_version" AFTER INSERT ON "ledger" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_pool_rank_versions"();--> statement-breakpoint
CREATE TRIGGER "entries_insert_rank_version" AFTER INSERT ON "entries" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_pool_rank_versions"();--> statement-breakpoint
-- Once per transaction and pool: the bump says so through ala.rank_version_pool (the pool's id, until the
-- transaction ends), which the trigger's WHEN reads, so the other rows of the pool in the transaction run
-- nothing (a bump per row of a million-row update would take minutes: each one updates the same row). A
-- BEFORE trigger, so that the setting holds from the next row of the same statement on (an AFTER trigger's
-- WHEN is read for every row before any of them runs).
CREATE FUNCTION "bump_pool_rank_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pool_rank_versions AS v (pool_id, version) VALUES (NEW.pool_id, 1)
  ON CONFLICT (pool_id) DO UPDATE SET version = v.version + 1;
  PERFORM set_config('ala.rank_version_pool', NEW.pool_id::text, true);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- An entry's change of what ranks it (a commissioner's edit, a rebuy, a move into the bonus pool, a
-- settlement's rewrite of every entry): the first changed row of a pool in a transaction bumps its version.
-- The settlement bumps it itself before its update (rankChangeOfPool), so not even one row runs the function.
CREATE TRIGGER "entries_update_rank_version" BEFORE UPDATE OF "lives", "weeks_alive", "status", "needs_rebuy",
  "bonus", "bonus_prev", "bonus_eff_week", "user_id", "pool_id" ON "entries"
  FOR EACH ROW WHEN (
    current_setting('ala.rank_version_pool', true) IS DISTINCT FROM NEW.pool_id::text
    AND (OLD.lives, OLD.weeks_alive, OLD.status, OLD.needs_rebuy, OLD.bonus, OLD.bonus_prev, OLD.bonus_eff_week,
      OLD.user_id, OLD.pool_id)
      IS DISTINCT FROM (NEW.lives, NEW.weeks_alive, NEW.status, NEW.needs_rebuy, NEW.bonus, NEW.bonus_prev,
      NEW.bonus_eff_week, NEW.user_id, NEW.pool_id)
  ) EXECUTE FUNCTION "bump_pool_rank_version"();
