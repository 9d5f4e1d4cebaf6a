ALTER TABLE "pools" ADD COLUMN "tie_rule" text DEFAULT 'loss' NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "picks_per_week" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "auto_pick" boolean DEFAULT false NOT NULL;