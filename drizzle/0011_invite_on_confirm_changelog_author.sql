ALTER TABLE "changelog_entries" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "invite_code" text;--> statement-breakpoint
ALTER TABLE "changelog_entries" ADD CONSTRAINT "changelog_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;