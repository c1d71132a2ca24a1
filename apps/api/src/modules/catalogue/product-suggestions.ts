import { type ProductSuggestions, SUGGESTION_LIMIT } from '@pasal/contract/catalogue';
import { and, asc, inArray, or, sql } from 'drizzle-orm';
import { type DbOrTx, jsonColumn, queryRows } from '../../db/client';
import { categories, products, searchTerms } from '../../db/schema/catalogue';
import { likeFragment, searchWords } from './product-queries';
import {
  fullRankedPage,
  type PlannedWord,
  paddedPart,
  planSearch,
  popularTitleStartsSql,
  type SuggestedProduct,
  titleStartsSql,
  type WordPlanStore,
} from './product-search';

// Suggestions while typing (the search box's combobox) and for a search that found nothing.

const MAX_CATEGORIES = 3;
const MAX_SPELLINGS = 3;

/** Categories whose title, either script or romanised, holds every word (categories are few). */
async function matchingCategories(db: DbOrTx, words: string[], planned: PlannedWord[]) {
  const rows = await db
    .select({ id: categories.id, title: categories.title, nepali_title: categories.nepaliTitle })
    .from(categories)
    .where(
      and(
        ...words.map((word, i) =>
          or(
            sql`lower(${categories.title} || ' ' || ${categories.nepaliTitle}) like lower(${likeFragment(word)})`,
            ...planned[i].looses.map((l) =>
              and(...l.map((part) => sql`${categories.searchNames} like ${paddedPart(part)}`)),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(categories.position), asc(categories.id))
    .limit(MAX_CATEGORIES);
  return rows;
}

/** Up to three spellings of the query built from the catalogue words closest to each word. */
async function closeSpellings(db: DbOrTx, words: string[]): Promise<string[]> {
  const options = await Promise.all(
    words.map(async (word) => {
      const rows = await queryRows<{ word: string }>(
        db,
        sql`select ${searchTerms.word} as word from ${searchTerms}
          where ${searchTerms.loose} % pasal_loose(${word})
          order by similarity(${searchTerms.loose}, pasal_loose(${word})) desc, ${searchTerms.loose}
          limit ${MAX_SPELLINGS}`,
      );
      return rows.map((r) => r.word);
    }),
  );
  const typed = words.join(' ').toLowerCase();
  const spellings = new Set<string>();
  for (let i = 0; i < MAX_SPELLINGS; i += 1) {
    const spelling = words.map((word, w) => options[w][i] ?? options[w][0] ?? word).join(' ');
    if (spelling.toLowerCase() !== typed) spellings.add(spelling);
  }
  return [...spellings];
}

type StartsRow = {
  count: number | string;
  others: boolean;
  products: SuggestedProduct[] | string;
  ranked: SuggestedProduct[] | string | null;
};

type PopularRow = {
  whole: number | string;
  best: number | string;
  /** How many whole-title-word matches there are anywhere, up to one more than the window's. */
  whole_anywhere: number | string | null;
  products: SuggestedProduct[] | string;
};

/** Up to SUGGESTION_LIMIT products, best first, and whether nothing at all matches. */
async function suggestedProducts(
  db: DbOrTx,
  planned: PlannedWord[],
): Promise<{ products: SuggestedProduct[]; none: boolean }> {
  // Broad words: the most popular products first, when they are the answer (decision 083).
  const popular = popularTitleStartsSql(planned, SUGGESTION_LIMIT);
  if (popular) {
    const [row] = await queryRows<PopularRow>(db, popular);
    const allWhole = row.whole_anywhere === null || Number(row.whole_anywhere) === Number(row.whole);
    if (Number(row.whole) >= SUGGESTION_LIMIT || (allWhole && Number(row.best) >= SUGGESTION_LIMIT)) {
      return { products: jsonColumn(row.products), none: false };
    }
  }
  // The best scoring matches (titleStartsSql), when they fill the list or are all the matches, in
  // one statement.
  const [best] = await queryRows<StartsRow>(db, titleStartsSql(planned, SUGGESTION_LIMIT));
  const count = Number(best.count);
  if (count >= SUGGESTION_LIMIT || !best.others) {
    return { products: jsonColumn(best.products), none: count === 0 };
  }
  // Fewer than the list, and other matches: only ranking every match finds what comes next, which
  // the statement did when they were few.
  if (best.ranked !== null) return { products: jsonColumn(best.ranked), none: false };
  const page = await fullRankedPage(db, planned, SUGGESTION_LIMIT, 0);
  const rows =
    page.ids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            slug: products.slug,
            title: products.title,
            nepali_title: products.nepaliTitle,
          })
          .from(products)
          .where(inArray(products.id, page.ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { products: page.ids.flatMap((id) => byId.get(id) ?? []), none: page.count === 0 };
}

export async function suggest(db: DbOrTx, q: string, plans?: WordPlanStore): Promise<ProductSuggestions> {
  const words = searchWords(q);
  if (words.length === 0) return { products: [], categories: [], spellings: [] };
  const planned = await planSearch(db, words, plans);
  const [found, cats] = await Promise.all([
    suggestedProducts(db, planned),
    matchingCategories(db, words, planned),
  ]);
  const spellings = found.none ? await closeSpellings(db, words) : [];
  return {
    products: found.products.slice(0, SUGGESTION_LIMIT - cats.length),
    categories: cats,
    spellings,
  };
}
