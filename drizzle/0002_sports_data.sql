CREATE TABLE "feed_fetches" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"game" text NOT NULL,
	"url" text NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"games_seen" integer DEFAULT 0 NOT NULL,
	"games_changed" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_facts" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"gid" text NOT NULL,
	"season" integer NOT NULL,
	"season_type" text DEFAULT 'reg' NOT NULL,
	"week" integer,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"periods" integer,
	"final" boolean DEFAULT false NOT NULL,
	"postponed" boolean DEFAULT false NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfl_player_week_stats" (
	"player_id" text NOT NULL,
	"season" integer NOT NULL,
	"week" integer NOT NULL,
	"pass_cmp" integer DEFAULT 0 NOT NULL,
	"pass_att" integer DEFAULT 0 NOT NULL,
	"pass_yds" integer DEFAULT 0 NOT NULL,
	"pass_td" integer DEFAULT 0 NOT NULL,
	"pass_int" integer DEFAULT 0 NOT NULL,
	"rush_att" integer DEFAULT 0 NOT NULL,
	"rush_yds" integer DEFAULT 0 NOT NULL,
	"rush_td" integer DEFAULT 0 NOT NULL,
	"rec" integer DEFAULT 0 NOT NULL,
	"rec_yds" integer DEFAULT 0 NOT NULL,
	"rec_td" integer DEFAULT 0 NOT NULL,
	"st_td" integer DEFAULT 0 NOT NULL,
	"def_td" integer DEFAULT 0 NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "nfl_player_week_stats_player_id_season_week_pk" PRIMARY KEY("player_id","season","week")
);
--> statement-breakpoint
CREATE TABLE "nfl_players" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"short_name" text NOT NULL,
	"position" text NOT NULL,
	"team_abb" text NOT NULL,
	"depth_rank" integer,
	"headshot" text
);
--> statement-breakpoint
CREATE TABLE "result_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"season" integer NOT NULL,
	"season_type" text DEFAULT 'reg' NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deadlines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dashed_date_arrays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"game" text NOT NULL,
	"abb" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"color_one" text NOT NULL,
	"color_two" text NOT NULL,
	"espn_id" text,
	CONSTRAINT "teams_game_abb_pk" PRIMARY KEY("game","abb")
);
--> statement-breakpoint
ALTER TABLE "game_facts" ADD CONSTRAINT "game_facts_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfl_player_week_stats" ADD CONSTRAINT "nfl_player_week_stats_player_id_nfl_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."nfl_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_audits" ADD CONSTRAINT "result_audits_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_audits" ADD CONSTRAINT "result_audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_fetches_provider_idx" ON "feed_fetches" USING btree ("provider","fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_game_gid_idx" ON "games" USING btree ("game","gid");--> statement-breakpoint
CREATE INDEX "games_season_start_idx" ON "games" USING btree ("game","season","season_type","start_time");--> statement-breakpoint
CREATE INDEX "nfl_stats_week_idx" ON "nfl_player_week_stats" USING btree ("season","week");--> statement-breakpoint
CREATE INDEX "nfl_players_team_idx" ON "nfl_players" USING btree ("team_abb");--> statement-breakpoint
CREATE UNIQUE INDEX "season_params_game_season_type_idx" ON "season_params" USING btree ("game","season","season_type");