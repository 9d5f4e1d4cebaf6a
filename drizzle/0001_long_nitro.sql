CREATE TABLE "entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entry_num" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"lives" integer NOT NULL,
	"rebuys_made" integer DEFAULT 0 NOT NULL,
	"needs_rebuy" boolean DEFAULT false NOT NULL,
	"auto_rebuy" boolean DEFAULT false NOT NULL,
	"bonus" boolean DEFAULT false NOT NULL,
	"insurance_purchased" boolean DEFAULT false NOT NULL,
	"prizes" integer DEFAULT 0 NOT NULL,
	"weeks_alive" integer DEFAULT 0 NOT NULL,
	"final_rank" integer,
	"notes" text,
	"selections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" integer NOT NULL,
	"game" text NOT NULL,
	"season" integer NOT NULL,
	"season_type" text DEFAULT 'reg' NOT NULL,
	"pool_idx" integer DEFAULT 0 NOT NULL,
	"custom_name" text,
	"game_name" text NOT NULL,
	"buyin" integer DEFAULT 5000 NOT NULL,
	"rebuys" integer DEFAULT 2 NOT NULL,
	"rebuy_price" integer DEFAULT 2500 NOT NULL,
	"max_entries" integer DEFAULT 1 NOT NULL,
	"ala_pct" double precision DEFAULT 0 NOT NULL,
	"insurance" integer DEFAULT 0 NOT NULL,
	"insurance_option" integer DEFAULT 0 NOT NULL,
	"shoot_moon" boolean DEFAULT false NOT NULL,
	"bonus_active" boolean DEFAULT false NOT NULL,
	"bonus_disabled" boolean DEFAULT false NOT NULL,
	"bonus_cadence" integer DEFAULT 2 NOT NULL,
	"bonus_shutdown" integer DEFAULT 5 NOT NULL,
	"bonus_entry_weeks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bonus_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deadlines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entry_deadline" timestamp with time zone NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"start_week" integer DEFAULT 1 NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"champions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"players_per_week" integer DEFAULT 1 NOT NULL,
	"max_players_per_team" integer DEFAULT 1 NOT NULL,
	"nfl_lock_time" text DEFAULT 'first_game' NOT NULL,
	"nfl_pass_tds" integer DEFAULT 2 NOT NULL,
	"lock_at_pick_start" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_pool_user_num_idx" ON "entries" USING btree ("pool_id","user_id","entry_num");--> statement-breakpoint
CREATE UNIQUE INDEX "pools_league_season_idx" ON "pools" USING btree ("league_id","game","season","season_type","pool_idx");