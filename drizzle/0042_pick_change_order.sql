ALTER TABLE "entries" ADD COLUMN "last_change_client" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "last_change_at" bigint;