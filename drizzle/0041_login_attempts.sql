CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"in_flight" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_attempts_key_at" ON "login_attempts" USING btree ("scope","key","at");--> statement-breakpoint
CREATE INDEX "login_attempts_at" ON "login_attempts" USING btree ("at");