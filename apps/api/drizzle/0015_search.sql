CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"loose" text PRIMARY KEY NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_loose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_terms_loose_trgm_idx" ON "search_terms" USING gin ("loose" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_loose_trgm_idx" ON "products" USING gin ("search_loose" gin_trgm_ops);--> statement-breakpoint
-- Search for shoppers who type romanised Nepali, with typos (decision 040). pasal_loose() gives any
-- text a loose Latin form: Devanagari is transliterated (a consonant carries its inherent "a"
-- unless a vowel sign or halanta follows), then the usual spelling differences are folded away
-- (chh/ch, sh/s, ph/f, w/v, ee/i, oo/u, double letters) and every "a" but a word's first letter is
-- dropped (aa/a, and the inherent vowel people write or leave out: chamal, chaamal, चामल -> chml).
-- The query's words go through the same function, so both sides always agree.
CREATE OR REPLACE FUNCTION pasal_loose(input text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := lower(coalesce(input, ''));
  i int;
  dev text[] := ARRAY['अ','आ','इ','ई','उ','ऊ','ऋ','ए','ऐ','ओ','औ',
    'ा','ि','ी','ु','ू','ृ','े','ै','ो','ौ','्','ं','ँ','ः',
    'क','ख','ग','घ','ङ','च','छ','ज','झ','ञ','ट','ठ','ड','ढ','ण','त','थ','द','ध','न',
    'प','फ','ब','भ','म','य','र','ल','व','श','ष','स','ह',
    '०','१','२','३','४','५','६','७','८','९','।'];
  lat text[] := ARRAY['a','aa','i','ii','u','uu','ri','e','ai','o','au',
    'aa','i','ii','u','uu','ri','e','ai','o','au','','n','n','h',
    'k','kh','g','gh','ng','ch','chh','j','jh','n','t','th','d','dh','n','t','th','d','dh','n',
    'p','ph','b','bh','m','y','r','l','v','sh','sh','s','h',
    '0','1','2','3','4','5','6','7','8','9',' '];
BEGIN
  IF s ~ '[ऀ-ॿ]' THEN
    -- A genitive written onto its noun also stands alone: तोरीको -> तोरीको तोरी को ("tori ko tel").
    s := s || ' ' || regexp_replace(s, '([ऀ-ॿ])(को|का|की)([^ऀ-ॿ]|$)', '\1 \2\3', 'g');
    s := regexp_replace(s, '[़‌‍]', '', 'g');
    s := regexp_replace(s, '([क-ह])(?![ा-ौ्ॢॣ])', '\1a', 'g');
    FOR i IN 1 .. array_length(dev, 1) LOOP
      s := replace(s, dev[i], lat[i]);
    END LOOP;
  END IF;
  s := regexp_replace(s, '[^a-z0-9]+', ' ', 'g');
  s := replace(replace(replace(replace(s, 'chh', 'ch'), 'sh', 's'), 'ph', 'f'), 'w', 'v');
  s := replace(replace(replace(replace(s, 'ee', 'i'), 'oo', 'u'), 'z', 'j'), 'q', 'k');
  s := regexp_replace(s, '([a-z])\1+', '\1', 'g');
  s := regexp_replace(s, '([a-z0-9])a+', '\1', 'g');
  s := regexp_replace(s, '([a-z])\1+', '\1', 'g');
  RETURN btrim(regexp_replace(s, ' +', ' ', 'g'));
END
$$;--> statement-breakpoint
-- products.search_text (the literal words: shopping.md §5's fields, the brand and both categories in
-- both scripts), search_loose and search_title, kept in step by the database for every writer; the
-- words also feed search_terms, the list typos are corrected against.
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
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER products_search_text ON products;--> statement-breakpoint
-- Listing the derived columns themselves means nobody can write a stale value into them by hand.
CREATE TRIGGER products_search_text
  BEFORE INSERT OR UPDATE OF title, nepali_title, description, brand, category_id, search_text,
    search_loose, search_title ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_text();--> statement-breakpoint
-- A renamed or moved category re-derives its products' text and its subcategories' products'.
CREATE OR REPLACE FUNCTION categories_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_text = ''
    WHERE category_id = NEW.id OR category_id IN (SELECT id FROM categories WHERE parent_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER categories_search_text ON categories;--> statement-breakpoint
CREATE TRIGGER categories_search_text
  AFTER UPDATE OF title, nepali_title, parent_id ON categories
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.nepali_title IS DISTINCT FROM NEW.nepali_title
    OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION categories_search_text();--> statement-breakpoint
-- Best selling: every unit ordered counts (a cancelled order's demand still says what sells).
CREATE OR REPLACE FUNCTION order_lines_sold_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET sold_count = sold_count + NEW.quantity WHERE id = NEW.product_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_sold_count
  AFTER INSERT ON order_lines
  FOR EACH ROW EXECUTE FUNCTION order_lines_sold_count();--> statement-breakpoint
UPDATE products p SET sold_count = coalesce((SELECT sum(l.quantity) FROM order_lines l WHERE l.product_id = p.id), 0);--> statement-breakpoint
UPDATE products SET search_text = '';
