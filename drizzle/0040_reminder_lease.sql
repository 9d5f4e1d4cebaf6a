ALTER TABLE "reminder_queue" ADD COLUMN "lease_token" text;--> statement-breakpoint
ALTER TABLE "reminder_queue" ADD COLUMN "leased_until" timestamp with time zone;