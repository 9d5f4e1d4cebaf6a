CREATE TABLE "push_passes" (
	"pool_id" integer NOT NULL,
	"week" integer NOT NULL,
	"kind" text NOT NULL,
	"next_slot" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_passes_pool_id_week_kind_pk" PRIMARY KEY("pool_id","week","kind")
);
--> statement-breakpoint
CREATE TABLE "push_queue" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"pool_id" integer NOT NULL,
	"week" integer NOT NULL,
	"entry_id" integer DEFAULT 0 NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"lock_at" timestamp with time zone,
	"lease_token" text,
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_queue_user_id_kind_pool_id_week_entry_id_pk" PRIMARY KEY("user_id","kind","pool_id","week","entry_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"reminders" text DEFAULT 'both' NOT NULL,
	"results" boolean DEFAULT true NOT NULL,
	"champions" boolean DEFAULT true NOT NULL,
	"nudges" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_passes" ADD CONSTRAINT "push_passes_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");