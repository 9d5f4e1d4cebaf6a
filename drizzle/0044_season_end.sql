CREATE TABLE "pool_ends" (
	"pool_id" integer PRIMARY KEY NOT NULL,
	"week" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"champions" integer NOT NULL,
	"champion_slots" "bytea" NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"crowned_at" timestamp with time zone,
	"corrected_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "end_wipeout" text DEFAULT 'split' NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "end_crowning" text DEFAULT 'commissioner' NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_ends" ADD CONSTRAINT "pool_ends_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;