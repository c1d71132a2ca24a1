DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category_id","title","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree ("title","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_today_special_idx" ON "products" USING btree ("title","id") WHERE "products"."is_active" and "products"."is_today_special";--> statement-breakpoint
CREATE INDEX "products_new_arrival_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active" and "products"."is_new_arrival";--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","rating_count" DESC NULLS LAST,"id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flash_sales_product_idx" ON "flash_sales" USING btree ("product_id");