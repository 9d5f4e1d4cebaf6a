-- Accounts that signed in with Google hold an address Google vouched for: they count as verified.
-- Every other existing address stays unverified until its owner opens a confirmation link.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_id" IS NOT NULL;
