CREATE TABLE "wallet_simulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"token" text NOT NULL,
	"merchant_ref" text NOT NULL,
	"order_name" text DEFAULT '' NOT NULL,
	"amount_paisa" integer NOT NULL,
	"status" text NOT NULL,
	"transaction_code" text,
	"request" jsonb NOT NULL,
	"status_checks" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'Unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: carry any earlier rows over to the new columns before the checks below (none are expected).
UPDATE "orders" SET "payment_status" = 'Paid', "paid_at" = "updated_at" WHERE "payment_completed";--> statement-breakpoint
UPDATE "orders" SET "payment_method" = "payment_provider" WHERE "payment_method" = 'online' AND "payment_provider" IN ('esewa', 'khalti');--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_amount_paisa" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmation" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_answer" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "check_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_simulations_token_uq" ON "wallet_simulations" USING btree ("wallet","token");--> statement-breakpoint
CREATE INDEX "orders_unpaid_online_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" in ('Unpaid', 'Pending') and "orders"."payment_method" <> 'cash';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_attempt_uq" ON "payments" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_uq" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_session_uq" ON "payments" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_per_order_uq" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'completed' and not "payments"."refund_due";--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('initiated', 'pending');--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_provider";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" in ('cash', 'esewa', 'khalti'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK ("orders"."payment_status" in ('Unpaid', 'Pending', 'Paid', 'Refund due'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_completed_matches" CHECK ("orders"."payment_completed" = ("orders"."payment_status" in ('Paid', 'Refund due')));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_paisa" > 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('initiated', 'pending', 'completed', 'failed', 'canceled', 'expired', 'refunded', 'partially_refunded', 'mismatch'));