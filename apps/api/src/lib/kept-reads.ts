import { LRUCache } from 'lru-cache';

// Reads kept like cached catalogue answers (decisions 078, 080): for the same freshness bound, and
// forgotten when this instance changes the catalogue. The database stays the only state: a kept
// read is a copy of what it said a few seconds ago, as a cached answer is.

export interface KeptReads<K, V> {
  get(key: K): V | undefined;
  /** Called before the read: keeps what that read finds. */
  keeper(): (key: K, value: V) => void;
}

/** Keeps up to `max` reads for `maxAgeMs` (none when 0); `clears` counts the catalogue cache's clears. */
export function createKeptReads<K extends {}, V extends {}>(
  maxAgeMs: number,
  clears: () => number,
  max: number,
): KeptReads<K, V> | undefined {
  if (maxAgeMs <= 0) return undefined;
  const kept = new LRUCache<K, { value: V; clears: number }>({ max, ttl: maxAgeMs });
  return {
    get(key) {
      const entry = kept.get(key);
      return entry && entry.clears === clears() ? entry.value : undefined;
    },
    keeper() {
      // Counted before the read: a change made meanwhile makes what it finds old at once.
      const before = clears();
      return (key, value) => kept.set(key, { value, clears: before });
    },
  };
}
