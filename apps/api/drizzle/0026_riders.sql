CREATE TABLE "delivery_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"rider_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_cash_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"rider_id" integer NOT NULL,
	"day" date NOT NULL,
	"expected_paisa" integer NOT NULL,
	"recorded_paisa" integer NOT NULL,
	"handed_in_paisa" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"closed_by" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rider_cash_days_handed_in_nonnegative" CHECK ("rider_cash_days"."handed_in_paisa" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rider_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_paisa" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_rider" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_cash_days" ADD CONSTRAINT "rider_cash_days_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_cash_days" ADD CONSTRAINT "rider_cash_days_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_attempts_order_idx" ON "delivery_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rider_cash_days_rider_day_uq" ON "rider_cash_days" USING btree ("rider_id","day");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_rider_idx" ON "orders" USING btree ("rider_id","order_status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_collected_nonnegative" CHECK ("orders"."cash_collected_paisa" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_or_rider" CHECK (not ("users"."is_staff" and "users"."is_rider"));