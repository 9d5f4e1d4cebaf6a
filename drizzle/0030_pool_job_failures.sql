CREATE TABLE "pool_job_failures" (
	"pool_id" integer PRIMARY KEY NOT NULL,
	"step" text NOT NULL,
	"week" integer,
	"error" text NOT NULL,
	"failures" integer NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"next_retry_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pool_job_failures" ADD CONSTRAINT "pool_job_failures_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;