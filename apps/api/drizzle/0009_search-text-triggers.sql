-- products.search_text is what search matches (shopping.md §5): the title, Nepali title,
-- description and category title, lower-cased, trigram-indexed. The database keeps it in step,
-- so the seed, the services, staff tools and plain SQL all get it right.
CREATE OR REPLACE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.title, NEW.nepali_title, NEW.description,
    (SELECT c.title FROM categories c WHERE c.id = NEW.category_id)));
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Listing search_text itself means nobody can write a stale value into it by hand.
CREATE TRIGGER products_search_text
  BEFORE INSERT OR UPDATE OF title, nepali_title, description, category_id, search_text ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_text();--> statement-breakpoint
-- A renamed category re-derives its products' text (touching search_text fires the trigger above).
CREATE OR REPLACE FUNCTION categories_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_text = '' WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_search_text
  AFTER UPDATE OF title ON categories
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION categories_search_text();--> statement-breakpoint
UPDATE products SET search_text = '';
