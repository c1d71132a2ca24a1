ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- Until now "disabled" was is_active = false; a verified account that is inactive was disabled by staff.
UPDATE "users" SET "disabled_at" = now() WHERE "is_active" = false AND ("phone_verified_at" IS NOT NULL OR "email_verified_at" IS NOT NULL);
