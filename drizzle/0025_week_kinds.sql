-- A week's entry rows become its kinds (a few hundred) and one byte string naming each entry's kind
-- (docs/decisions/009): a week of a million entries then writes no row per entry.
CREATE TABLE "entry_week_kinds" (
	"pool_id" integer NOT NULL,
	"week" integer NOT NULL,
	"kind" integer NOT NULL,
	"in_bonus" boolean NOT NULL,
	"auto_rebuy" boolean NOT NULL,
	"lives_before" integer DEFAULT 0 NOT NULL,
	"rebuys_before" integer DEFAULT 0 NOT NULL,
	"needs_rebuy_before" boolean DEFAULT false NOT NULL,
	"weeks_alive_before" integer DEFAULT 0 NOT NULL,
	"result" text,
	"lives" integer,
	"status" text,
	"rebuys_bought" integer DEFAULT 0 NOT NULL,
	"bonus_net" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entry_week_kinds_pool_id_week_kind_pk" PRIMARY KEY("pool_id","week","kind")
);
--> statement-breakpoint
ALTER TABLE "entry_week_kinds" ADD CONSTRAINT "entry_week_kinds_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each entry's place in its pool, in sign-up order from 0.
ALTER TABLE "entries" ADD COLUMN "slot" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
UPDATE "entries" AS e SET "slot" = n.slot
FROM (SELECT "id", (row_number() OVER (PARTITION BY "pool_id" ORDER BY "id") - 1)::integer AS slot FROM "entries") AS n
WHERE n."id" = e."id";--> statement-breakpoint
CREATE UNIQUE INDEX "entries_pool_slot_idx" ON "entries" USING btree ("pool_id","slot");--> statement-breakpoint
-- An entry inserted without its slot (-1) gets its pool's next one. Inserts into one pool are serialized by
-- the pool's row lock (sign-up, a commissioner's add); rows inserted by one statement see the ones before them.
CREATE FUNCTION "entries_next_slot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slot < 0 THEN
    SELECT coalesce(max(e.slot) + 1, 0) INTO NEW.slot FROM entries e WHERE e.pool_id = NEW.pool_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "entries_next_slot" BEFORE INSERT ON "entries" FOR EACH ROW EXECUTE FUNCTION "entries_next_slot"();--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD COLUMN "entry_kinds" bytea;--> statement-breakpoint
-- Uncompressed, so that one entry's three bytes are read without the rest of a big week's.
ALTER TABLE "pool_weeks" ALTER COLUMN "entry_kinds" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The kind of the entry at `slot` in a week's entry_kinds (three bytes per slot), 0 when it did not play.
CREATE FUNCTION "entry_week_kind"(kinds bytea, slot integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN slot >= 0 AND octet_length(kinds) >= 3 * slot + 3
    THEN ('x' || encode(substring(kinds FROM 3 * slot + 1 FOR 3), 'hex'))::bit(24)::integer ELSE 0 END
$$;--> statement-breakpoint
INSERT INTO "entry_week_kinds" ("pool_id", "week", "kind", "in_bonus", "auto_rebuy", "lives_before", "rebuys_before",
  "needs_rebuy_before", "weeks_alive_before", "result", "lives", "status", "rebuys_bought", "bonus_net")
SELECT d.pool_id, d.week, (row_number() OVER (PARTITION BY d.pool_id, d.week ORDER BY d.in_bonus, d.auto_rebuy,
    d.lives_before, d.rebuys_before, d.needs_rebuy_before, d.weeks_alive_before, d.result, d.lives, d.status,
    d.rebuys_bought, d.bonus_net))::integer,
  d.in_bonus, d.auto_rebuy, d.lives_before, d.rebuys_before, d.needs_rebuy_before, d.weeks_alive_before, d.result,
  d.lives, d.status, d.rebuys_bought, d.bonus_net
FROM (SELECT DISTINCT "pool_id", "week", "in_bonus", "auto_rebuy", "lives_before", "rebuys_before", "needs_rebuy_before",
  "weeks_alive_before", "result", "lives", "status", "rebuys_bought", "bonus_net" FROM "entry_weeks") AS d;--> statement-breakpoint
UPDATE "pool_weeks" AS pw SET "entry_kinds" = coalesce((
  SELECT decode(string_agg(lpad(to_hex(coalesce(k.kind, 0)), 6, '0'), '' ORDER BY s.slot), 'hex')
  FROM generate_series(0, (SELECT max(e.slot) FROM entries e WHERE e.pool_id = pw.pool_id)) AS s(slot)
  LEFT JOIN entries e ON e.pool_id = pw.pool_id AND e.slot = s.slot
  LEFT JOIN entry_weeks w ON w.pool_id = pw.pool_id AND w.week = pw.week AND w.entry_id = e.id
  LEFT JOIN entry_week_kinds k ON k.pool_id = pw.pool_id AND k.week = pw.week
    AND (k.in_bonus, k.auto_rebuy, k.lives_before, k.rebuys_before, k.needs_rebuy_before, k.weeks_alive_before,
      k.result, k.lives, k.status, k.rebuys_bought, k.bonus_net)
    IS NOT DISTINCT FROM (w.in_bonus, w.auto_rebuy, w.lives_before, w.rebuys_before, w.needs_rebuy_before,
      w.weeks_alive_before, w.result, w.lives, w.status, w.rebuys_bought, w.bonus_net)
), ''::bytea);
