CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_real_name_trgm_idx" ON "users" USING gin (("name_first" || ' ' || "name_last") gin_trgm_ops);
