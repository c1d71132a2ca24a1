CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"method" text NOT NULL,
	"amount_paisa" integer NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"note" text,
	"staff_id" integer NOT NULL,
	"provider_answer" jsonb,
	"failure" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paisa" > 0),
	CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('requested', 'refunded', 'failed')),
	CONSTRAINT "refunds_method_known" CHECK ("refunds"."method" in ('cash', 'esewa', 'khalti')),
	CONSTRAINT "refunds_refunded_at_matches" CHECK (("refunds"."status" = 'refunded') = ("refunds"."refunded_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_uq" ON "refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_at_matches" CHECK (("orders"."payment_status" = 'Refunded') = ("orders"."refunded_at" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK ("orders"."payment_status" in ('Unpaid', 'Pending', 'Paid', 'Refund due', 'Refunded'));