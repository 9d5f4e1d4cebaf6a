CREATE TABLE "replay_clock" (
	"id" smallint PRIMARY KEY NOT NULL,
	"replayed_at" timestamp with time zone NOT NULL,
	"real_at" timestamp with time zone NOT NULL,
	"speed" double precision NOT NULL
);
