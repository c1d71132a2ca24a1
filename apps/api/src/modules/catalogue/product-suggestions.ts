import { type ProductSuggestions, SUGGESTION_LIMIT } from '@pasal/contract/catalogue';
import { and, asc, inArray, or, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { categories, products, searchTerms } from '../../db/schema/catalogue';
import { likeFragment, searchWords } from './product-queries';
import { type PlannedWord, planSearch, rankedPage, type WordPlanStore } from './product-search';

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
              and(...l.map((part) => sql`${categories.searchNames} like ${`% ${part}%`}`)),
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

export async function suggest(db: DbOrTx, q: string, plans?: WordPlanStore): Promise<ProductSuggestions> {
  const words = searchWords(q);
  if (words.length === 0) return { products: [], categories: [], spellings: [] };
  const planned = await planSearch(db, words, plans);
  const [page, cats] = await Promise.all([
    rankedPage(db, planned, SUGGESTION_LIMIT, 0),
    matchingCategories(db, words, planned),
  ]);
  const ids = page.ids.slice(0, SUGGESTION_LIMIT - cats.length);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            slug: products.slug,
            title: products.title,
            nepali_title: products.nepaliTitle,
          })
          .from(products)
          .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const spellings = page.count === 0 ? await closeSpellings(db, words) : [];
  return { products: ids.flatMap((id) => byId.get(id) ?? []), categories: cats, spellings };
}
