-- Decision 085: a word of one or two letters whose loose form is one letter is a particle or a unit
-- (र "and", or "ra" as it is romanised; the "L" and "g" of "1 L" and "500 g"; ग; "1"): it gives the
-- loose columns no word. As the loose word "r" or "l" it matched every search whose own loose
-- form is that letter ("rara", "रार", "lal"), though nothing in the product is called so. The
-- words stay in the literal columns (search_text, search_words, the title words), so typing one
-- still finds it.
CREATE OR REPLACE FUNCTION pasal_loose_source(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(w, ' ' ORDER BY n), '')
  FROM regexp_split_to_table(coalesce(input, ''), '[[:space:]]+') WITH ORDINALITY AS t(w, n)
  -- Only a short word is transliterated on its own (CASE: the longer ones, most, never are).
  WHERE CASE WHEN char_length(w) > 2 THEN true ELSE char_length(split_part(pasal_loose(w), ' ', 1)) > 1 END
$$;--> statement-breakpoint
-- 0029's function with the loose columns worked out from pasal_loose_source().
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
  search_title := ' ' || title_words || ' ' || pasal_loose(pasal_loose_source(title_words)) || ' ';
  names := concat_ws(' ', p_brand, cat.title, cat.nepali_title, cat.parent_title, cat.parent_nepali);
  search_loose := ' ' || pasal_loose(pasal_loose_source(title_words || ' ' || names)) || ' ';
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
-- Every product's loose columns again, in one statement: they only lose words, so the vocabulary
-- and the typo list need nothing added, and the row trigger (which would add them row by row) is
-- told to leave the columns as written, for this transaction only (as the import does).
SELECT set_config('pasal.search_derived', 'on', true);--> statement-breakpoint
UPDATE products AS p SET search_title = s.search_title, search_loose = s.search_loose,
    search_loose_words = s.search_loose_words, search_title_words = s.search_title_words
  FROM products AS q
    CROSS JOIN LATERAL products_search_columns(q.title, q.nepali_title, q.description, q.brand, q.category_id) AS s
  WHERE p.id = q.id;--> statement-breakpoint
SELECT set_config('pasal.search_derived', 'off', true);--> statement-breakpoint
-- Every row was rewritten: the planner's statistics of the word arrays are out of date until
-- the next ANALYZE, which PGlite (a standalone backend, without autovacuum) never runs itself.
ANALYZE products;
