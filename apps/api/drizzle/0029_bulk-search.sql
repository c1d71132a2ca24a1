-- Decision 065: a product's search columns (decisions 040/042) as one function of its fields, and
-- the words they add to search_terms and search_vocabulary as one set-based statement. The row
-- trigger uses both, as before; a bulk writer (the catalogue import) calls the same two on a whole
-- batch in its own statements, so both derive exactly the same values, and each distinct word of a
-- batch is transliterated once instead of once per product that has it.
CREATE OR REPLACE FUNCTION products_search_columns(p_title text, p_nepali_title text, p_description text,
    p_brand text, p_category_id int,
    OUT search_text text, OUT search_title text, OUT search_loose text, OUT search_words text[],
    OUT search_loose_words text[], OUT search_title_words text[], OUT search_terms_text text)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  cat record;
  names text;
  title_words text;
BEGIN
  SELECT c.title, c.nepali_title, coalesce(p.title, '') AS parent_title,
      coalesce(p.nepali_title, '') AS parent_nepali
    INTO cat
    FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
    WHERE c.id = p_category_id;
  search_text := lower(concat_ws(' ', p_title, p_nepali_title, p_description, cat.title,
    p_brand, cat.nepali_title, cat.parent_title, cat.parent_nepali));
  title_words := btrim(regexp_replace(lower(p_title || ' ' || p_nepali_title), '[[:space:][:punct:]]+', ' ', 'g'));
  search_title := ' ' || title_words || ' ' || pasal_loose(title_words) || ' ';
  names := concat_ws(' ', p_brand, cat.title, cat.nepali_title, cat.parent_title, cat.parent_nepali);
  search_loose := ' ' || pasal_loose(title_words || ' ' || names) || ' ';
  -- The text whose words feed search_terms (the typo list).
  search_terms_text := title_words || ' ' || lower(names);
  -- search_text splits on ASCII white space only: a query word never holds any (the API splits on
  -- all white space), so it is found inside search_text exactly when it is found inside one of these.
  search_words := array_remove(string_to_array(
    translate(search_text, E'\t\n\r\f' || chr(11), '     '), ' '), '');
  search_loose_words := array_remove(string_to_array(search_loose, ' '), '');
  search_title_words := array_remove(string_to_array(search_title, ' '), '');
END
$$;--> statement-breakpoint
-- The words of products' search_terms_text (each distinct word transliterated once) into
-- search_terms, and their search words into search_vocabulary.
CREATE OR REPLACE FUNCTION search_words_add(terms_texts text[], words text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms (loose, word)
    SELECT DISTINCT ON (l) l, d.w
    FROM (SELECT DISTINCT w FROM unnest(terms_texts) AS t,
        regexp_split_to_table(t, '[[:space:][:punct:]]+') AS w) AS d,
      regexp_split_to_table(pasal_loose(d.w), ' ') AS l
    WHERE char_length(l) >= 3 AND d.w !~ '[0-9०-९]'
    ORDER BY l, d.w
    ON CONFLICT (loose) DO NOTHING;
  INSERT INTO search_vocabulary (word)
    SELECT DISTINCT w FROM unnest(words) AS w
    ON CONFLICT (word) DO NOTHING;
$$;--> statement-breakpoint
-- The trigger of 0018, now through the two functions. A transaction that set
-- pasal.search_derived to 'on' (set_config(…, true): that transaction only) writes the columns
-- itself with products_search_columns and calls search_words_add per batch (the import does).
CREATE OR REPLACE FUNCTION products_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  IF current_setting('pasal.search_derived', true) = 'on' THEN
    RETURN NEW;
  END IF;
  SELECT * INTO s FROM products_search_columns(NEW.title, NEW.nepali_title, NEW.description, NEW.brand,
    NEW.category_id);
  NEW.search_text := s.search_text;
  NEW.search_title := s.search_title;
  NEW.search_loose := s.search_loose;
  NEW.search_words := s.search_words;
  NEW.search_loose_words := s.search_loose_words;
  NEW.search_title_words := s.search_title_words;
  PERFORM search_words_add(ARRAY[s.search_terms_text],
    s.search_words || s.search_loose_words || s.search_title_words);
  RETURN NEW;
END
$$;
