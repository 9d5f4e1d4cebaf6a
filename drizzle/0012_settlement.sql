CREATE TABLE "bonus_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"week" integer NOT NULL,
	"key" text NOT NULL,
	"bonus_id" integer NOT NULL,
	"bonus_long_name" text NOT NULL,
	"bonus_name" text NOT NULL,
	"team_abb" text NOT NULL,
	"player" text,
	"desc" text NOT NULL,
	"gid" text,
	"game_summary" text,
	"bonus_date" timestamp with time zone NOT NULL,
	"prize" integer NOT NULL,
	"total" integer NOT NULL,
	"winners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"week" integer NOT NULL,
	"in_bonus" boolean NOT NULL,
	"auto_rebuy" boolean NOT NULL,
	"result" text,
	"lives" integer,
	"status" text,
	"rebuys_bought" integer DEFAULT 0 NOT NULL,
	"bonus_net" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_weeks" (
	"pool_id" integer NOT NULL,
	"week" integer NOT NULL,
	"alive_at_lock" integer NOT NULL,
	"bonus_running" boolean NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "bonus_prev" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "bonus_eff_week" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "auto_rebuy_prev" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "auto_rebuy_eff_week" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "bonus_event_id" integer;--> statement-breakpoint
ALTER TABLE "bonus_events" ADD CONSTRAINT "bonus_events_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_weeks" ADD CONSTRAINT "entry_weeks_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_weeks" ADD CONSTRAINT "entry_weeks_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD CONSTRAINT "pool_weeks_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_events_pool_key_idx" ON "bonus_events" USING btree ("pool_id","key");--> statement-breakpoint
CREATE INDEX "bonus_events_pool_week_idx" ON "bonus_events" USING btree ("pool_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "entry_weeks_entry_week_idx" ON "entry_weeks" USING btree ("entry_id","week");--> statement-breakpoint
CREATE INDEX "entry_weeks_pool_week_idx" ON "entry_weeks" USING btree ("pool_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_weeks_pool_week_idx" ON "pool_weeks" USING btree ("pool_id","week");