DROP INDEX "entry_weeks_pool_week_idx";--> statement-breakpoint
CREATE INDEX "entry_weeks_pool_week_idx" ON "entry_weeks" USING btree ("pool_id","week","entry_id");--> statement-breakpoint
-- The news of a judged week about its entries (eliminated, rebuy needed, shot the moon) is read from the
-- judged week itself now: the copies the settlement stored in the feed go.
DELETE FROM "pool_events" WHERE "type" IN (13, 14, 15) AND "entry_id" IS NOT NULL;
