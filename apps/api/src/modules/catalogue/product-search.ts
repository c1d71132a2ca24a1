import type { Product } from '@pasal/contract/catalogue';
import type { BrandCount } from '@pasal/contract/product-filters';
import { type AnyColumn, and, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { products, searchSynonyms, searchTerms, searchVocabulary } from '../../db/schema/catalogue';
import { brandCountsOf, parseBrandCounts, type SearchSortSql, searchSort } from './product-filters';
import { likeEscape, parseCards } from './product-queries';

// The shop's search (decision 040): every word must match, literally (shopping.md §5's floor), by
// its loose Latin form (romanised Nepali, spelling variants), as a small typo of a catalogue word,
// or through an owner's synonym; the matches are ranked by how well each word matched.

/** Edits a typed word may carry: none under 5 letters, one from 5, two from 9 (as Meilisearch). */
export function typoBudget(word: string): number {
  const letters = [...word].length;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/** Edit distance where swapping two neighbours is one edit; anything over `max` is max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2] + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** One query word, ready to match: its spellings and the catalogue words it may be a typo of. */
export interface PlannedWord {
  /** The word and the owner's synonyms of it, lower-cased. */
  literals: string[];
  /** Their loose forms, each split into its loose words (blank forms dropped). */
  looses: string[][];
  /** Loose catalogue words within the word's typo budget (its own loose forms aside). */
  near: string[];
}

interface WordRow {
  word: string;
  loose: string;
  synonyms: string[] | null;
  synonym_looses: string[] | null;
  /** Loose catalogue words that may be near the word (to be checked by editDistance). */
  near: string[] | null;
}

const looseWords = (loose: string) => loose.split(' ').filter(Boolean);

/** Remembers words' plans between searches (see word-plans.ts); planSearch works without one. */
export interface WordPlanStore {
  get(word: string): PlannedWord | undefined;
  /** Called before the words are read: keeps what that read finds. */
  keeper(): (word: string, plan: PlannedWord) => void;
}

// The letter after the loose form's first, the end of its range; past U+D7FE (the surrogates, then
// the last code point) any letter on.
const nextLetter = sql.raw(
  'case when ascii(w.loose) < 55295 then chr(ascii(w.loose) + 1) else chr(1114111) end',
);

/**
 * Each word's loose form, the owner's synonyms and the loose catalogue words it may be a typo of,
 * in one statement. Near candidates share the loose form's first letter and about its length, or
 * are similar by trigrams; only a word with a typo budget and a one-word loose form of three
 * letters or more has them.
 */
function wordPlansSql(words: string[]): SQL {
  const list = (values: (string | number)[], type: string) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::${sql.raw(type)}`;
  // Materialized: each word's loose form is worked out once, not again for every term compared.
  return sql`with w as materialized (
      select word, budget, n, pasal_loose(word) as loose
      from unnest(${list(words, 'text[]')}, ${list(words.map(typoBudget), 'int[]')}) with ordinality as u(word, budget, n)
    )
    select w.word, w.loose,
      (select array_agg(distinct s) from ${searchSynonyms} y cross join unnest(y.words) s
        where lower(w.word) = any(y.words) and s <> lower(w.word)) as synonyms,
      (select array_agg(distinct pasal_loose(s)) from ${searchSynonyms} y cross join unnest(y.words) s
        where lower(w.word) = any(y.words) and s <> lower(w.word)) as synonym_looses,
      (select array_agg(t.loose) from (
        select ${searchTerms.loose} as loose from ${searchTerms}
        where w.budget > 0 and char_length(w.loose) >= 3 and strpos(w.loose, ' ') = 0
          and ((${searchTerms.loose} >= left(w.loose, 1) and ${searchTerms.loose} < ${nextLetter}
              and char_length(${searchTerms.loose}) between char_length(w.loose) - w.budget
                and char_length(w.loose) + w.budget)
            or ${searchTerms.loose} % w.loose)
        limit 2000) t) as near
    from w order by w.n`;
}

/** A word's plan from its row: its spellings, and the near words within its typo budget. */
function toPlan(row: WordRow): PlannedWord {
  const looses = [row.loose, ...(row.synonym_looses ?? [])].map(looseWords).filter((l) => l.length > 0);
  const own = new Set(looses.map((l) => l.join(' ')));
  const budget = typoBudget(row.word);
  return {
    literals: [row.word, ...(row.synonyms ?? [])],
    looses,
    near: (row.near ?? []).filter(
      (w) => w !== row.loose && !own.has(w) && editDistance(w, row.loose, budget) <= budget,
    ),
  };
}

/**
 * Works out each word's spellings, synonyms and typo corrections: one statement for the words
 * `plans` does not hold (none when it holds them all), which it is then told.
 */
export async function planSearch(db: DbOrTx, words: string[], plans?: WordPlanStore): Promise<PlannedWord[]> {
  const known = new Map<string, PlannedWord>();
  for (const word of words) {
    const plan = plans?.get(word);
    if (plan) known.set(word, plan);
  }
  const missing = [...new Set(words.filter((w) => !known.has(w)))];
  if (missing.length > 0) {
    const keep = plans?.keeper();
    for (const row of await queryRows<WordRow>(db, wordPlansSql(missing))) {
      const plan = toPlan(row);
      known.set(row.word, plan);
      keep?.(row.word, plan);
    }
  }
  return words.map((w) => known.get(w)!);
}

/** A text[] literal of the given words. */
const textArray = (words: string[]) =>
  sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

/**
 * The catalogue's words that fit any of the LIKE patterns (decision 042): the small vocabulary is
 * looked up once per statement (trigram index), and the products' word arrays are then matched
 * against the words found with `&&`, which their GIN indexes answer without re-reading any text.
 */
const vocabulary = (patterns: SQL[]) =>
  sql`(select coalesce(array_agg(${searchVocabulary.word}), '{}') from ${searchVocabulary}
    where ${or(...patterns.map((p) => sql`${searchVocabulary.word} like ${p}`))})`;

/** The pattern of words holding the literal, lower-cased like the columns (wildcards escaped). */
const inside = (literal: string) => sql`lower(${`%${likeEscape(literal)}%`})`;
const startingWith = (word: string) => sql`lower(${`${likeEscape(word)}%`})`;

/**
 * A loose part of one letter ("rara" and "रार" are "r", "lal" is "l") says too little to be the
 * start of a word: as a prefix it matched every word starting with that letter (nearly every
 * product at 50,000), so it matches whole loose words only (decision 084).
 */
const wholeOnly = (part: string) => [...part].length === 1;

/** The pattern of the word itself (a LIKE without wildcards: the vocabulary's key). */
const exactly = (word: string) => sql`lower(${likeEscape(word)})`;

/**
 * Every part of a loose form starts a word of the column, or is one when wholeOnly (the parts
 * need not be next to each other). A whole part is looked up in the vocabulary too: given as a
 * constant, the planner would see how common the letter is and read every product's arrays.
 */
const loosePrefix = (column: AnyColumn | SQL, loose: string[]) =>
  and(
    ...loose.map(
      (part) => sql`${column} && ${vocabulary([wholeOnly(part) ? exactly(part) : startingWith(part)])}`,
    ),
  )!;

/**
 * Where a product matches the word: inside a word of search_text (the spec's rule: a query word
 * holds no white space, so it is inside the text exactly when it is inside one of its words), at
 * the start of a loose word, or as a whole loose word it may be a typo of.
 */
function wordMatches(word: PlannedWord): SQL {
  return or(
    sql`${products.searchWords} && ${vocabulary(word.literals.map(inside))}`,
    ...word.looses.map((l) => loosePrefix(products.searchLooseWords, l)),
    word.near.length > 0 ? sql`${products.searchLooseWords} && ${textArray(word.near)}` : undefined,
  )!;
}

const short = (text: string) => [...text].length <= 2;

/**
 * How narrow a word is: 0 when it has one or two letters, 1 when a loose form has (as "lal" is
 * "l"), else 2. Such a word is inside or starts hundreds of the catalogue's words: as an array
 * overlap, its index scan reads nearly every product and each row compares hundreds of words.
 * Beside a narrower word it is checked on the narrower word's matches by LIKE on the text columns
 * instead, and it is always ranked by LIKE, which costs the same for any word (decision 079).
 */
const narrowness = (word: PlannedWord) =>
  short(word.literals[0]) ? 0 : word.looses.some((loose) => loose.every(short)) ? 1 : 2;
const isBroad = (word: PlannedWord) => narrowness(word) < 2;

/** The LIKE pattern of a loose part in a space-padded text: it starts a word, or is one when wholeOnly. */
export const paddedPart = (part: string) => `% ${likeEscape(part)}${wholeOnly(part) ? ' %' : '%'}`;

/** loosePrefix on the space-padded text column. */
const looseTextPrefix = (column: AnyColumn, loose: string[]) =>
  and(...loose.map((part) => sql`${column} like ${paddedPart(part)}`))!;

/** wordMatches by LIKE on the text columns the word arrays are split from (the same matches). */
function wordMatchesText(word: PlannedWord): SQL {
  return or(
    ...word.literals.map((l) => sql`${products.searchText} like ${inside(l)}`),
    ...word.looses.map((l) => looseTextPrefix(products.searchLoose, l)),
    word.near.length > 0 ? sql`${products.searchLooseWords} && ${textArray(word.near)}` : undefined,
  )!;
}

/** titleStart by LIKE on search_title, the title words space-padded (the same products). */
function titleStartText(word: PlannedWord): SQL {
  return or(
    ...word.literals.map((l) => sql`${products.searchTitle} like lower(${`% ${likeEscape(l)}%`})`),
    ...word.looses.map((l) => looseTextPrefix(products.searchTitle, l)),
  )!;
}

/** The word is a whole title word, in either script or as its loose form (GIN-indexed; decision 084). */
function titleWord(word: PlannedWord): SQL {
  const title = products.searchTitleWords;
  // A loose form of one-letter parts is too weak to be the title's word ("lal" is "l", as "1 L"
  // is): it ranks as a title word's start at best.
  const looses = word.looses.filter((l) => !l.every(wholeOnly));
  const single = looses.filter((l) => l.length === 1).map((l) => l[0]);
  return or(
    sql`${title} && array[${sql.join(
      [...word.literals.map((l) => sql`lower(${l})`), ...single.map((l) => sql`${l}`)],
      sql`, `,
    )}]::text[]`,
    ...looses.filter((l) => l.length > 1).map((l) => sql`${title} @> ${textArray(l)}`),
  )!;
}

/** The word starts a title word, in either script or as its loose form (a whole word included). */
function titleStart(word: PlannedWord, titleWords: AnyColumn | SQL = products.searchTitleWords): SQL {
  return or(
    sql`${titleWords} && ${vocabulary(word.literals.map(startingWith))}`,
    ...word.looses.map((l) => loosePrefix(titleWords, l)),
  )!;
}

/**
 * How well a matching product matches the word: 5 a whole title word (either script, or its loose
 * form), 4 the start of a title word, 3 the brand's or a category's word, 2 a typo of a catalogue
 * word, 1 anything else (the description, the middle of a word).
 */
function wordRank(word: PlannedWord): SQL {
  const broad = isBroad(word);
  const exact = titleWord(word);
  const prefix = broad ? titleStartText(word) : titleStart(word);
  const names =
    word.looses.length > 0
      ? or(
          ...word.looses.map((l) =>
            broad ? looseTextPrefix(products.searchLoose, l) : loosePrefix(products.searchLooseWords, l),
          ),
        )
      : undefined;
  const near =
    word.near.length > 0 ? sql`${products.searchLooseWords} && ${textArray(word.near)}` : undefined;
  return sql`(case when ${exact} then 5 when ${prefix} then 4
    when ${names ?? sql`false`} then 3 when ${near ?? sql`false`} then 2 else 1 end)`;
}

/** The filter of a search: every word matches. */
export function searchMatches(words: PlannedWord[]): SQL | undefined {
  if (words.length === 0) return undefined;
  const narrowest = Math.max(...words.map(narrowness));
  return and(...words.map((w) => (narrowness(w) < narrowest ? wordMatchesText(w) : wordMatches(w))));
}

/** The relevance of a match: the sum of its words' ranks. */
export function searchRelevance(words: PlannedWord[]): SQL {
  return words.length === 0 ? sql`0` : sql.join(words.map(wordRank), sql` + `);
}

/** The columns searchSort's orders read (id, relevance, in_stock, sold, title), for a match. */
const rankingColumns = (words: PlannedWord[]) =>
  sql`${products.id} as id, ${searchRelevance(words)} as relevance, ${products.stock} > 0 as in_stock,
    ${products.soldCount} as sold, ${products.title} as title`;

/** A suggested product's columns and its ranking columns, for suggestedJson. */
const suggestedColumns = (words: PlannedWord[]) =>
  sql`select ${rankingColumns(words)}, ${products.slug} as slug, ${products.nepaliTitle} as nepali_title`;

/** A search's filters and sort (decision 041): a condition, a sort key column and the ORDER BY. */
export interface SearchRefinement {
  where?: SQL;
  sort: SearchSortSql;
}

/**
 * One page of a search's ids, best first, and how many match: the matches and their sort keys are
 * gathered once (the trigram indexes find them), then counted and sorted. Equal relevance puts
 * what is in stock first, then the best selling, then title order; a shopper's sort and filters
 * replace the order and narrow the matches. With `brands`, the matches' brands are counted too.
 */
export function rankedPageSql(
  words: PlannedWord[],
  limit: number,
  offset: number,
  refinement: SearchRefinement = { sort: searchSort('relevance') },
  brands = false,
  cards: boolean | ((count: SQL) => SQL) = false,
): SQL {
  const count = sql`(select count(*) from matches)`;
  const final = typeof cards === 'function' ? cards(count) : sql`true`;
  const filtered = refinement.where ? sql` and ${refinement.where}` : sql``;
  return sql`
    with matches as materialized (
      select ${rankingColumns(words)}, ${products.brand} as brand, ${refinement.sort.key} as sort_key
      from ${products} where ${products.isActive} and ${searchMatches(words)}${filtered}
    ), page as materialized (
      select array(select id from matches order by ${refinement.sort.order}
        limit ${limit} offset ${offset}) as ids
    )
    select ${count}::int as count,
      ${brands ? brandCountsOf(sql`matches`) : sql`null`} as brands,
      (select ids from page) as ids,
      ${cards === false ? sql`null` : cardsOf(sql`(select ids from page)`, final)} as cards`;
}

/**
 * The page's products as pasal_product_cards gives them (productCards' text), in the statement
 * that found their ids: one statement fewer a search (a round trip, and on PGlite a turn of its
 * thread). Null while the ids are not the page (`final` false, or no ids yet).
 */
const cardsOf = (ids: SQL, final: SQL = sql`true`) =>
  sql`case when ${ids} is not null and ${final} then pasal_product_cards(${ids})::text end`;

/** Up to this many matches are ranked in the fast path's statement when its titles do not hold the page. */
const RANK_INLINE = 500;

/**
 * The fast path of a ranked page (decision 042): how many match (and, with `brands`, their
 * brands), and the first offset + limit of the products where every word is a whole title word,
 * in stock and best selling first. Those score the most a product can, so when there are enough
 * of them (or they are all the matches) they are the page, and no relevance needs computing. Both
 * parts are answered by GIN indexes. When they are not the page and few products match, the same
 * statement ranks every match (CASE runs it only then), so a small catalogue's search is one
 * statement. `ids` is the page, or null when neither holds; with `cards`, the page's products too.
 */
export function topTitleMatchesSql(
  words: PlannedWord[],
  limit: number,
  offset: number,
  brands = false,
  cards = false,
): SQL {
  const order = searchSort('relevance').order;
  return sql`
    with matches as materialized (
      select ${products.id} as id, ${products.brand} as brand from ${products}
      where ${products.isActive} and ${searchMatches(words)}
    ), top as materialized (
      select array(select ${products.id} from ${products}
        where ${products.isActive} and ${and(...words.map(titleWord))}
        order by ${products.stock} > 0 desc, ${products.soldCount} desc, ${products.title}, ${products.id}
        limit ${offset + limit}) as ids
    ), counted as materialized (select count(*)::int as n from matches),
    page as materialized (
      select case
        when cardinality((select ids from top)) >= least((select n from counted), ${offset + limit})
          then ((select ids from top))[${offset + 1}:]
        when (select n from counted) <= ${RANK_INLINE}
          then array(select id from (
            select ${rankingColumns(words)} from ${products} where ${products.id} in (select id from matches)
          ) ranked order by ${order} limit ${limit} offset ${offset})
      end as ids
    )
    select (select n from counted) as count,
      ${brands ? brandCountsOf(sql`matches`) : sql`null`} as brands,
      (select ids from page) as ids, ${cards ? cardsOf(sql`(select ids from page)`) : sql`null`} as cards`;
}

/** What a suggestion shows of a product. */
export interface SuggestedProduct {
  id: number;
  slug: string;
  title: string;
  nepali_title: string;
}

/**
 * Suggestions for the words being typed, from the matches that score at least 5 per word but one,
 * 4 for that one: every word a whole title word, or all but one and that one starting a title word.
 * Any other match has a word scoring 3 at most, so 5 per word but two at most, and ranks below
 * them. So when there are `limit` of them, or no other match, they are the suggestions, ranked as
 * search ranks them: nothing else is ranked, and their rows come in the same statement (decisions
 * 078, 080). For one word that is every product whose title words it starts. Another match is
 * looked for among the matches, which a materialized CTE has planned as a whole and so found
 * through the word indexes, read only up to the first: as a plain subquery, the planner scanned
 * every product to prove that there was none (350 ms at 50,000 products). The narrowest words'
 * title starts go through the indexes, the others by LIKE on the title (decision 079). When the
 * best are too few and at most RANK_INLINE products match, every match is ranked in the same
 * statement (`ranked`).
 */
export function titleStartsSql(words: PlannedWord[], limit: number): SQL {
  const narrowest = Math.max(...words.map(narrowness));
  const starts = and(...words.map((w) => (narrowness(w) < narrowest ? titleStartText(w) : titleStart(w))));
  const candidate = sql`${suggestedColumns(words)} from ${products}`;
  return sql`
    with best as materialized (
      select * from (${candidate} where ${products.isActive} and ${searchMatches(words)} and ${starts}) s
      where relevance >= ${5 * words.length - 1}
    ), matched as materialized (
      select ${products.id} as id from ${products} where ${products.isActive} and ${searchMatches(words)}
    ), others as materialized (
      select case when (select count(*) from best) >= ${limit} then true
        else exists (select 1 from matched where id not in (select id from best)) end as found
    )
    select (select count(*) from best)::int as count, (select found from others) as others,
      ${suggestedJson(sql`best`, limit)} as products,
      case when (select count(*) from best) < ${limit} and (select found from others)
          and (select count(*) from matched) <= ${RANK_INLINE}
        then ${suggestedJson(sql`(${candidate} where ${products.id} in (select id from matched)) every_match`, limit)}
      end as ranked`;
}

/** How many of the most popular products a suggestion of broad words looks through first. */
const POPULAR_WINDOW = 400;

/**
 * The first suggestions when every word is broad (one or two letters, as "ya"; decision 083),
 * read from the POPULAR_WINDOW most popular products (in stock, then best selling) instead of
 * ranking the thousands of products such words start. Among the best scoring matches (5 a word
 * but one 4, as titleStartsSql) the order is popularity's, so the window's first ones are the
 * first anywhere, except the whole-title-word matches (5 every word), which outrank them. The
 * answer is exact when the window holds `limit` of those, or holds every one of them
 * (`whole_anywhere`, counted through the title words' index) and `limit` best matches in all;
 * otherwise the caller ranks as usual. Undefined when a word is narrow: its index finds few.
 */
export function popularTitleStartsSql(words: PlannedWord[], limit: number): SQL | undefined {
  if (words.length === 0 || !words.every(isBroad)) return undefined;
  const whole = 5 * words.length;
  const popular = sql`array(select ${products.id} from ${products} where ${products.isActive}
    order by ${products.stock} <= 0, -${products.soldCount}, ${products.title}, ${products.id}
    limit ${POPULAR_WINDOW})`;
  return sql`
    with best as materialized (
      select * from (${suggestedColumns(words)}
        from ${products} where ${products.id} = any(${popular}) and ${products.isActive}
          and ${and(...words.map(wordMatchesText))} and ${and(...words.map(titleStartText))}) s
      where relevance >= ${whole - 1}
    ), counted as materialized (
      select (count(*) filter (where relevance = ${whole}))::int as whole, count(*)::int as best from best
    )
    select (select whole from counted) as whole, (select best from counted) as best,
      case when (select whole from counted) < ${limit} then (select count(*)::int from (
          select 1 from ${products} where ${products.isActive} and ${and(...words.map(titleWord))}
          limit (select whole from counted) + 1) anywhere)
        end as whole_anywhere,
      ${suggestedJson(sql`best`, limit)} as products`;
}

/** The first `limit` rows of a table of suggested products, best first, as a JSON array. */
function suggestedJson(table: SQL, limit: number): SQL {
  const order = searchSort('relevance').order;
  return sql`(select coalesce(json_agg(json_build_object('id', id, 'slug', slug, 'title', title,
      'nepali_title', nepali_title) order by ${order}), '[]')
    from (select * from ${table} order by ${order} limit ${limit}) picked)`;
}

/** Pages deeper than this skip the fast paths: they seldom hold there, and would only add statements. */
const FAST_PATH_ROWS = 200;

export interface RankedPage {
  count: number;
  ids: number[];
  /** The matches' brands, when asked for. */
  brands?: BrandCount[];
  /** The page's products in order, when asked for (productCards of `ids`). */
  cards?: Product[];
}

type PageRow = {
  count: number | string;
  /** Null from the fast path's statement when it does not hold the page. */
  ids: (number | string)[] | null;
  brands: Parameters<typeof parseBrandCounts>[0] | null;
  /** pasal_product_cards' text of `ids`, when asked for and `ids` is the page. */
  cards: string | null;
};

/** The brands a page's statement counted, as the page carries them (absent when not counted). */
const brandsOfRow = (row: PageRow) => (row.brands === null ? {} : { brands: parseBrandCounts(row.brands) });

/** The page a statement found: its ids, and its products when the statement read them. */
const pageOfRow = (row: PageRow & { ids: (number | string)[] }) => ({
  ids: row.ids.map(Number),
  ...(row.cards === null ? {} : { cards: parseCards(row.cards) }),
});

/**
 * One ranked page of a search's ids and how many match: a fast path when it holds the page. With
 * `brands` (only for filters that leave the brand free: the list counts brands without that
 * filter) the same statement counts the matches' brands; with `cards`, the statement that finds
 * the page reads its products too.
 */
export async function rankedPage(
  db: DbOrTx,
  words: PlannedWord[],
  limit: number,
  offset: number,
  refinement?: SearchRefinement,
  brands = false,
  cards = false,
): Promise<RankedPage> {
  // The fast paths rank by relevance over every match: a shopper's sort or filters take the full path.
  if (refinement || offset + limit > FAST_PATH_ROWS)
    return fullRankedPage(db, words, limit, offset, refinement, brands, cards);
  const [top] = await queryRows<PageRow>(db, topTitleMatchesSql(words, limit, offset, brands, cards));
  const count = Number(top.count);
  if (top.ids !== null) return { count, ...brandsOfRow(top), ...pageOfRow({ ...top, ids: top.ids }) };
  if (words.length === 1) {
    // One word (what a shopper is typing): a title word it starts scores 4 or 5, anything else 3
    // at most, so when those fill the page they are the page, ranked among themselves.
    const holds = (n: SQL) => sql`(${n} >= ${offset + limit} or ${n} = ${count})`;
    const [start] = await queryRows<PageRow>(
      db,
      rankedPageSql(
        words,
        limit,
        offset,
        { sort: searchSort('relevance'), where: titleStart(words[0]) },
        false,
        cards && holds,
      ),
    );
    const n = Number(start.count);
    if ((n >= offset + limit || n === count) && start.ids !== null)
      return { count, ...brandsOfRow(top), ...pageOfRow({ ...start, ids: start.ids }) };
  }
  // The same matches ranked in full: their brands are already counted.
  return {
    ...(await fullRankedPage(db, words, limit, offset, undefined, false, cards)),
    ...brandsOfRow(top),
  };
}

/** One page of a search's ids ranked over every match, when a fast path does not hold. */
export async function fullRankedPage(
  db: DbOrTx,
  words: PlannedWord[],
  limit: number,
  offset: number,
  refinement?: SearchRefinement,
  brands = false,
  cards = false,
): Promise<RankedPage> {
  const [row] = await queryRows<PageRow>(db, rankedPageSql(words, limit, offset, refinement, brands, cards));
  return { count: Number(row.count), ...brandsOfRow(row), ...pageOfRow({ ...row, ids: row.ids ?? [] }) };
}
