DROP INDEX "picks_entry_pick_idx";--> statement-breakpoint
ALTER TABLE "picks" ADD COLUMN "by_commish" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "picks_entry_pick_idx" ON "picks" USING btree ("entry_id","pick_id") WHERE not by_commish;