-- Decision 085: a category's loose words without particles (र "and"), as the products' (0035).
-- A stored column is not recomputed when its expression's functions change: dropped and added.
ALTER TABLE "categories" drop column "search_names";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_names" text GENERATED ALWAYS AS (' ' || pasal_loose(pasal_loose_source(title || ' ' || nepali_title)) || ' ') STORED;