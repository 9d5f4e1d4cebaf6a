CREATE TABLE "reminder_mutes" (
	"user_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_mutes_user_id_pool_id_pk" PRIMARY KEY("user_id","pool_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_passes" (
	"pool_id" integer NOT NULL,
	"week" integer NOT NULL,
	"kind" text NOT NULL,
	"next_slot" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_passes_pool_id_week_kind_pk" PRIMARY KEY("pool_id","week","kind")
);
--> statement-breakpoint
CREATE TABLE "reminder_queue" (
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"week" integer NOT NULL,
	"kind" text NOT NULL,
	"pool_id" integer NOT NULL,
	"lock_at" timestamp with time zone NOT NULL,
	"insured" boolean NOT NULL,
	CONSTRAINT "reminder_queue_user_id_entry_id_week_kind_pk" PRIMARY KEY("user_id","entry_id","week","kind")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_mutes" ADD CONSTRAINT "reminder_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_mutes" ADD CONSTRAINT "reminder_mutes_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_passes" ADD CONSTRAINT "reminder_passes_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;