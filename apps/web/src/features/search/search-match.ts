export interface Searchable {
  title?: string | null;
  description?: string | null;
  category?: string | null;
}

/** The query's words, split on spaces, lower-cased, blanks dropped. */
export const queryWords = (query: string) =>
  query
    .toLowerCase()
    .split(' ')
    .filter((w) => w.length > 0);

export const RECOMMENDATION_LIMIT = 8;

/** Up to 8 products that are not results, those sharing a result's category first. */
export function pickRecommendations<T extends Searchable & { id: number }>(pool: T[], results: T[]): T[] {
  const taken = new Set(results.map((r) => r.id));
  const categories = new Set(results.map((r) => r.category));
  const others = pool.filter((p) => !taken.has(p.id));
  const related = others.filter((p) => categories.has(p.category));
  const rest = others.filter((p) => !categories.has(p.category));
  return [...related, ...rest].slice(0, RECOMMENDATION_LIMIT);
}
