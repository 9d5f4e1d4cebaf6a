CREATE TABLE "ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"entry_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"week" integer,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pick_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"week" integer NOT NULL,
	"action" text NOT NULL,
	"old_pick_id" text,
	"new_pick_id" text,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"week" integer NOT NULL,
	"pick_id" text NOT NULL,
	"team_abb" text NOT NULL,
	"by_insurance" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"entry_id" integer,
	"user_id" integer,
	"type" integer NOT NULL,
	"desc" text NOT NULL,
	"summary" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_audits" ADD CONSTRAINT "pick_audits_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_audits" ADD CONSTRAINT "pick_audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_events" ADD CONSTRAINT "pool_events_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_events" ADD CONSTRAINT "pool_events_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_events" ADD CONSTRAINT "pool_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_pool_idx" ON "ledger" USING btree ("pool_id","entry_id");--> statement-breakpoint
CREATE INDEX "pick_audits_entry_idx" ON "pick_audits" USING btree ("entry_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "picks_entry_pick_idx" ON "picks" USING btree ("entry_id","pick_id");--> statement-breakpoint
CREATE INDEX "picks_entry_week_idx" ON "picks" USING btree ("entry_id","week");--> statement-breakpoint
CREATE INDEX "pool_events_pool_idx" ON "pool_events" USING btree ("pool_id","created_at");