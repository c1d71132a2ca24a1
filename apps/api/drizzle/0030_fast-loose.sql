-- Decision 071: pasal_loose() (decision 040, 0015) returns the same text for every input, several
-- times faster (at 0.25-0.6 ms a call on Devanagari text it was most of a 50,000-row import).
-- What cost: the regexps that replace at every match with a capture group or a backreference,
-- and the plpgsql loop over 70 array subscripts. Now: the transliteration is one chain of
-- replace()s, a lone space is no longer a regexp match, the "a"s go by translate(), double
-- letters by replace() unless a run is longer than two, and a text without a genitive is
-- transliterated once and doubled. Two steps of 0015 are gone because they never change the
-- result: making double letters single before dropping the "a"s (the pass after drops every run
-- that one would) and the final ' +' squeeze (no step after the first regexp makes spaces meet).
-- pasal-loose.test.ts compares it with 0015's definition over the demo catalogue and tricky texts.
CREATE OR REPLACE FUNCTION pasal_loose(input text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := lower(coalesce(input, ''));
  g text;
  twice boolean := false;
BEGIN
  IF s ~ '[ऀ-ॿ]' THEN
    -- A genitive written onto its noun also stands alone: तोरीको -> तोरीको तोरी को ("tori ko tel").
    -- Without one, the text was doubled as it is: transliterate it once and double the result.
    g := regexp_replace(s, '([ऀ-ॿ])(को|का|की)([^ऀ-ॿ]|$)', '\1 \2\3', 'g');
    IF g = s THEN
      twice := true;
    ELSE
      s := s || ' ' || g;
    END IF;
    -- Nukta, ZWNJ and ZWJ dropped; a consonant carries its inherent "a" unless a sign follows.
    s := replace(replace(replace(s, '़', ''), '‌', ''), '‍', '');
    s := regexp_replace(s, '([क-ह])(?![ा-ौ्ॢॣ])', '\1a', 'g');
    -- 0015's table: each pattern is one Devanagari character, each output Latin (or nothing).
    s := replace(replace(replace(replace(replace(replace(replace(s, 'अ', 'a'), 'आ', 'aa'), 'इ', 'i'), 'ई', 'ii'), 'उ', 'u'), 'ऊ', 'uu'), 'ऋ', 'ri');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'ए', 'e'), 'ऐ', 'ai'), 'ओ', 'o'), 'औ', 'au'), 'ा', 'aa'), 'ि', 'i'), 'ी', 'ii');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'ु', 'u'), 'ू', 'uu'), 'ृ', 'ri'), 'े', 'e'), 'ै', 'ai'), 'ो', 'o'), 'ौ', 'au');
    s := replace(replace(replace(replace(replace(replace(replace(s, '्', ''), 'ं', 'n'), 'ँ', 'n'), 'ः', 'h'), 'क', 'k'), 'ख', 'kh'), 'ग', 'g');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'घ', 'gh'), 'ङ', 'ng'), 'च', 'ch'), 'छ', 'chh'), 'ज', 'j'), 'झ', 'jh'), 'ञ', 'n');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'ट', 't'), 'ठ', 'th'), 'ड', 'd'), 'ढ', 'dh'), 'ण', 'n'), 'त', 't'), 'थ', 'th');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'द', 'd'), 'ध', 'dh'), 'न', 'n'), 'प', 'p'), 'फ', 'ph'), 'ब', 'b'), 'भ', 'bh');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'म', 'm'), 'य', 'y'), 'र', 'r'), 'ल', 'l'), 'व', 'v'), 'श', 'sh'), 'ष', 'sh');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'स', 's'), 'ह', 'h'), '०', '0'), '१', '1'), '२', '2'), '३', '3'), '४', '4');
    s := replace(replace(replace(replace(replace(replace(s, '५', '5'), '६', '6'), '७', '7'), '८', '8'), '९', '9'), '।', ' ');
  END IF;
  -- A run of anything else becomes one space (a lone space is left as it is: fewer matches).
  s := regexp_replace(s, '[^a-z0-9]{2,}|[^a-z0-9 ]', ' ', 'g');
  s := replace(replace(replace(replace(s, 'chh', 'ch'), 'sh', 's'), 'ph', 'f'), 'w', 'v');
  s := replace(replace(replace(replace(s, 'ee', 'i'), 'oo', 'u'), 'z', 'j'), 'q', 'k');
  -- Every "a" but a word's first letter dropped: mark the first ones, delete the rest.
  s := translate(replace(' ' || s, ' a', ' A'), 'Aa', 'a');
  -- Double letters made single: a pair by replace() (a regexp backreference is the slow part), a
  -- longer run by the regexp.
  IF s ~ 'aaa|bbb|ccc|ddd|eee|fff|ggg|hhh|iii|jjj|kkk|lll|mmm|nnn|ooo|ppp|qqq|rrr|sss|ttt|uuu|vvv|www|xxx|yyy|zzz' THEN
    s := regexp_replace(s, '([a-z])\1+', '\1', 'g');
  ELSE
    s := replace(replace(replace(replace(replace(replace(replace(s, 'aa', 'a'), 'bb', 'b'), 'cc', 'c'), 'dd', 'd'), 'ee', 'e'), 'ff', 'f'), 'gg', 'g');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'hh', 'h'), 'ii', 'i'), 'jj', 'j'), 'kk', 'k'), 'll', 'l'), 'mm', 'm'), 'nn', 'n');
    s := replace(replace(replace(replace(replace(replace(replace(s, 'oo', 'o'), 'pp', 'p'), 'qq', 'q'), 'rr', 'r'), 'ss', 's'), 'tt', 't'), 'uu', 'u');
    s := replace(replace(replace(replace(replace(s, 'vv', 'v'), 'ww', 'w'), 'xx', 'x'), 'yy', 'y'), 'zz', 'z');
  END IF;
  s := btrim(s);
  IF twice AND s <> '' THEN
    RETURN s || ' ' || s;
  END IF;
  RETURN s;
END
$$;
