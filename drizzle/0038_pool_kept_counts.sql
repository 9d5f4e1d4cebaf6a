CREATE TABLE "pool_kept_counts" (
	"pool_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pool_kept_counts_pool_id_key_pk" PRIMARY KEY("pool_id","key")
);
--> statement-breakpoint
ALTER TABLE "pool_kept_counts" ADD CONSTRAINT "pool_kept_counts_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;