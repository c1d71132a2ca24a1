CREATE TABLE "back_in_stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"message_id" integer,
	CONSTRAINT "back_in_stock_requests_channel_known" CHECK ("back_in_stock_requests"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_open_uq" ON "back_in_stock_requests" USING btree ("user_id","product_id") WHERE "back_in_stock_requests"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_product_open_idx" ON "back_in_stock_requests" USING btree ("product_id") WHERE "back_in_stock_requests"."ended_at" is null;