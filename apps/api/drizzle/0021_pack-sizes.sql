CREATE TABLE "product_size_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_group_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_group_id_product_size_groups_id_fk" FOREIGN KEY ("size_group_id") REFERENCES "public"."product_size_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_size_group_idx" ON "products" USING btree ("size_group_id") WHERE "products"."size_group_id" is not null;