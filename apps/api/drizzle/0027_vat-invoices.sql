CREATE TABLE "invoice_counters" (
	"fiscal_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"fiscal_year" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_bs" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_pan" text,
	"lines" jsonb NOT NULL,
	"subtotal_paisa" integer NOT NULL,
	"discount_paisa" integer NOT NULL,
	"delivery_charge_paisa" integer NOT NULL,
	"taxable_paisa" integer NOT NULL,
	"exempt_paisa" integer NOT NULL,
	"vat_paisa" integer NOT NULL,
	"total_paisa" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_add_up" CHECK ("invoices"."taxable_paisa" + "invoices"."vat_paisa" + "invoices"."exempt_paisa" = "invoices"."total_paisa"),
	CONSTRAINT "invoices_total_matches" CHECK ("invoices"."subtotal_paisa" - "invoices"."discount_paisa" + "invoices"."delivery_charge_paisa" = "invoices"."total_paisa")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"pan" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'vat13' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_pan" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_uq" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("fiscal_year","number");--> statement-breakpoint
CREATE INDEX "invoices_issued_bs_idx" ON "invoices" USING btree ("issued_bs");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_known" CHECK ("products"."tax_class" in ('vat13', 'exempt'));--> statement-breakpoint
-- The shop's details until staff enter their own in the console (Settings).
INSERT INTO "shop_settings" ("id", "legal_name", "address", "pan") VALUES (1, 'Pasal', 'Kathmandu, Nepal', '') ON CONFLICT DO NOTHING;
