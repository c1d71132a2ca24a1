import { createKeptReads } from '../../lib/kept-reads';
import type { PlannedWord, WordPlanStore } from './product-search';

// Shoppers' searches differ but their words repeat ("chamal", "chamal 1 kg", "basmati chamal"):
// a word's plan (its loose form, the owner's synonyms, the catalogue words it may be a typo of)
// is kept like a cached catalogue answer, for the same freshness bound, and dropped with them when
// this instance changes the catalogue (decision 078).

/** The most words kept; a plan is a few short strings. */
const MAX_WORDS = 20_000;

/** Plans of search words for `maxAgeMs` (none kept when 0); `clears` is the catalogue cache's. */
export function createWordPlans(maxAgeMs: number, clears: () => number): WordPlanStore | undefined {
  return createKeptReads<string, PlannedWord>(maxAgeMs, clears, MAX_WORDS);
}
