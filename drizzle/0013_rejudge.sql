DROP INDEX "bonus_events_pool_key_idx";--> statement-breakpoint
ALTER TABLE "bonus_events" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entry_weeks" ADD COLUMN "lives_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_weeks" ADD COLUMN "rebuys_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_weeks" ADD COLUMN "needs_rebuy_before" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_weeks" ADD COLUMN "weeks_alive_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD COLUMN "results_digest" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_events_pool_key_idx" ON "bonus_events" USING btree ("pool_id","key") WHERE voided_at is null;