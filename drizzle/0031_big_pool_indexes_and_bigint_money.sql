ALTER TABLE "bonus_events" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "entries" ALTER COLUMN "prizes" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ledger" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
CREATE INDEX "league_members_user_idx" ON "league_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "league_members_since_idx" ON "league_members" USING btree ("league_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "entries_pool_status_slot_idx" ON "entries" USING btree ("pool_id","status","slot");--> statement-breakpoint
CREATE INDEX "entries_noted_idx" ON "entries" USING btree ("pool_id") WHERE "entries"."notes" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_idx" ON "entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "entries_prizes_idx" ON "entries" USING btree ("pool_id","user_id") WHERE "entries"."prizes" <> 0;--> statement-breakpoint
CREATE INDEX "ledger_bonus_event_idx" ON "ledger" USING btree ("bonus_event_id") WHERE "ledger"."bonus_event_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_payments_idx" ON "ledger" USING btree ("pool_id","created_at","id") WHERE "ledger"."kind" in ('payment', 'prize_paid_to');--> statement-breakpoint
CREATE INDEX "ledger_prizes_idx" ON "ledger" USING btree ("pool_id","entry_id","amount") WHERE "ledger"."kind" = 'prize';--> statement-breakpoint
CREATE INDEX "picks_pool_week_pick_idx" ON "picks" USING btree ("pool_id","week","pick_id","team_abb");