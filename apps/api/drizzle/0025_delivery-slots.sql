CREATE TABLE "delivery_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"starts_minute" integer NOT NULL,
	"ends_minute" integer NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "delivery_slots_times_valid" CHECK ("delivery_slots"."starts_minute" >= 0 and "delivery_slots"."ends_minute" > "delivery_slots"."starts_minute" and "delivery_slots"."ends_minute" <= 1440 and "delivery_slots"."capacity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "delivery_stations" DROP CONSTRAINT "delivery_stations_rule_nonnegative";--> statement-breakpoint
ALTER TABLE "delivery_stations" ADD COLUMN "slot_cutoff_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_starts_minute" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_ends_minute" integer;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_station_id_delivery_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."delivery_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_slots_station_idx" ON "delivery_slots" USING btree ("station_id","starts_minute");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("slot_id","slot_date") WHERE "orders"."order_status" <> 'Cancelled';--> statement-breakpoint
ALTER TABLE "delivery_stations" ADD CONSTRAINT "delivery_stations_rule_nonnegative" CHECK ("delivery_stations"."slot_cutoff_minutes" >= 0 and "delivery_stations"."base_charge_paisa" >= 0 and "delivery_stations"."base_km" >= 0 and "delivery_stations"."per_km_paisa" >= 0 and "delivery_stations"."same_day_max_km" >= 0 and ("delivery_stations"."free_from_paisa" is null or "delivery_stations"."free_from_paisa" >= 0));