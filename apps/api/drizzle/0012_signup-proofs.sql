ALTER TABLE "otp_codes" ADD COLUMN "proof_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_signup_token_hash_uq" ON "users" USING btree ("signup_token_hash");