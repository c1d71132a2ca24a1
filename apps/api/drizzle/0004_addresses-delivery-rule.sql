ALTER TABLE "addresses" ALTER COLUMN "municipality_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_stations" ADD COLUMN "base_charge_paisa" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_stations" ADD COLUMN "base_km" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_stations" ADD COLUMN "per_km_paisa" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_stations" ADD COLUMN "free_from_paisa" integer DEFAULT 150000;--> statement-breakpoint
ALTER TABLE "delivery_stations" ADD COLUMN "same_day_max_km" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_uq" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default" and "addresses"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "delivery_stations" ADD CONSTRAINT "delivery_stations_rule_nonnegative" CHECK ("delivery_stations"."base_charge_paisa" >= 0 and "delivery_stations"."base_km" >= 0 and "delivery_stations"."per_km_paisa" >= 0 and "delivery_stations"."same_day_max_km" >= 0 and ("delivery_stations"."free_from_paisa" is null or "delivery_stations"."free_from_paisa" >= 0));