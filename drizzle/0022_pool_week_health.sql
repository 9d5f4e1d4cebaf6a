ALTER TABLE "pool_weeks" ADD COLUMN "health" jsonb;--> statement-breakpoint
CREATE INDEX "entries_inactive_idx" ON "entries" USING btree ("pool_id") WHERE "entries"."status" <> 1;--> statement-breakpoint
-- The weeks judged before: their counts, as the report counted them (deactivated entries come out when read).
UPDATE "pool_weeks" pw SET "health" = coalesce((
  SELECT jsonb_object_agg(alive.lives::text, alive.count)
  FROM (
    SELECT w.lives, count(*)::int AS count FROM "entry_weeks" w
    WHERE w.pool_id = pw.pool_id AND w.week = pw.week AND w.lives > 0 AND w.status <> 'eliminated'
    GROUP BY w.lives
  ) alive
), '{}'::jsonb)
WHERE pw.settled_at IS NOT NULL;
