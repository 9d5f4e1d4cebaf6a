ALTER TABLE "entry_weeks" DROP CONSTRAINT "entry_weeks_pool_id_pools_id_fk";
--> statement-breakpoint
ALTER TABLE "entry_weeks" DROP CONSTRAINT "entry_weeks_entry_id_entries_id_fk";
