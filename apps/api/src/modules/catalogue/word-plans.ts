import { LRUCache } from 'lru-cache';
import type { PlannedWord, WordPlanStore } from './product-search';

// Shoppers' searches differ but their words repeat ("chamal", "chamal 1 kg", "basmati chamal"):
// a word's plan (its loose form, the owner's synonyms, the catalogue words it may be a typo of)
// is kept like a cached catalogue answer, for the same freshness bound, and dropped with them when
// this instance changes the catalogue (decision 078).

/** The most words kept; a plan is a few short strings. */
const MAX_WORDS = 20_000;

interface Kept {
  plan: PlannedWord;
  /** The catalogue cache's clear count when the plan was made. */
  clears: number;
}

/** Plans of search words for `maxAgeMs` (none kept when 0); `clears` is the catalogue cache's. */
export function createWordPlans(maxAgeMs: number, clears: () => number): WordPlanStore | undefined {
  if (maxAgeMs <= 0) return undefined;
  const kept = new LRUCache<string, Kept>({ max: MAX_WORDS, ttl: maxAgeMs });
  return {
    get(word) {
      const entry = kept.get(word);
      return entry && entry.clears === clears() ? entry.plan : undefined;
    },
    keeper() {
      // Counted before the words are read: a change made meanwhile makes these plans old at once.
      const before = clears();
      return (word, plan) => kept.set(word, { plan, clears: before });
    },
  };
}
