-- entry_weeks keyed by (entry_id, week) instead of a serial id: one index less to write for each of the
-- million rows a big pool's lock inserts.
ALTER TABLE "entry_weeks" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "entry_weeks_entry_week_idx";--> statement-breakpoint
ALTER TABLE "entry_weeks" ADD CONSTRAINT "entry_weeks_entry_id_week_pk" PRIMARY KEY("entry_id","week");--> statement-breakpoint
-- Settling a week rewrites every row of a page in one transaction, so a page must hold each row twice
-- for the rewrite to stay in place (HOT): entries rows keep their size; an entry_weeks row grows when
-- judged (result, lives, status were null). 60 and 50 left about a third of the rewrites moving rows.
ALTER TABLE "entries" SET (fillfactor = 45);--> statement-breakpoint
ALTER TABLE "entry_weeks" SET (fillfactor = 40);
