-- entry_weeks is keyed by (pool, week, entry) alone (docs/decisions/009): each lock appends at the key's end.
DROP INDEX "entry_weeks_pool_week_idx";--> statement-breakpoint
ALTER TABLE "entry_weeks" DROP CONSTRAINT "entry_weeks_entry_id_week_pk";--> statement-breakpoint
ALTER TABLE "entry_weeks" ADD CONSTRAINT "entry_weeks_pool_id_week_entry_id_pk" PRIMARY KEY("pool_id","week","entry_id");