CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_loose_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_loose_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_title_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "search_vocabulary_word_trgm_idx" ON "search_vocabulary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_words_idx" ON "products" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "products_search_loose_words_idx" ON "products" USING gin ("search_loose_words");--> statement-breakpoint
CREATE INDEX "products_search_title_words_idx" ON "products" USING gin ("search_title_words");--> statement-breakpoint
-- Search by words (decision 042): the trigger of 0015 also splits its three columns into word
-- arrays (GIN-indexed) and adds every word to search_vocabulary.
CREATE OR REPLACE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cat record;
  names text;
  title_words text;
BEGIN
  SELECT c.title, c.nepali_title, coalesce(p.title, '') AS parent_title,
      coalesce(p.nepali_title, '') AS parent_nepali
    INTO cat
    FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
    WHERE c.id = NEW.category_id;
  NEW.search_text := lower(concat_ws(' ', NEW.title, NEW.nepali_title, NEW.description, cat.title,
    NEW.brand, cat.nepali_title, cat.parent_title, cat.parent_nepali));
  title_words := btrim(regexp_replace(lower(NEW.title || ' ' || NEW.nepali_title), '[[:space:][:punct:]]+', ' ', 'g'));
  NEW.search_title := ' ' || title_words || ' ' || pasal_loose(title_words) || ' ';
  names := concat_ws(' ', NEW.brand, cat.title, cat.nepali_title, cat.parent_title, cat.parent_nepali);
  NEW.search_loose := ' ' || pasal_loose(title_words || ' ' || names) || ' ';
  INSERT INTO search_terms (loose, word)
    SELECT DISTINCT ON (l) l, w
    FROM regexp_split_to_table(title_words || ' ' || lower(names), '[[:space:][:punct:]]+') AS w,
      regexp_split_to_table(pasal_loose(w), ' ') AS l
    WHERE char_length(l) >= 3 AND w !~ '[0-9०-९]'
    ORDER BY l, w
    ON CONFLICT (loose) DO NOTHING;
  -- The columns' words (decision 042). search_text splits on ASCII white space only: a query word
  -- never holds any (the API splits on all white space), so it is found inside search_text exactly
  -- when it is found inside one of these words.
  NEW.search_words := array_remove(string_to_array(
    translate(NEW.search_text, E'\t\n\r\f' || chr(11), '     '), ' '), '');
  NEW.search_loose_words := array_remove(string_to_array(NEW.search_loose, ' '), '');
  NEW.search_title_words := array_remove(string_to_array(NEW.search_title, ' '), '');
  INSERT INTO search_vocabulary (word)
    SELECT DISTINCT w FROM unnest(NEW.search_words || NEW.search_loose_words || NEW.search_title_words) AS w
    ON CONFLICT (word) DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER products_search_text ON products;--> statement-breakpoint
CREATE TRIGGER products_search_text
  BEFORE INSERT OR UPDATE OF title, nepali_title, description, brand, category_id, search_text,
    search_loose, search_title, search_words, search_loose_words, search_title_words ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_text();--> statement-breakpoint
UPDATE products SET search_text = '';
