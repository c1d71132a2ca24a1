import { describe, expect, it } from 'vitest';
import {
  initialRecentlyViewedState,
  productsGone,
  productViewed,
  RECENTLY_VIEWED_LIMIT,
  recentlyViewedSlice,
} from './recently-viewed-slice';

const reduce = recentlyViewedSlice.reducer;
const view = (...ids: number[]) =>
  ids.reduce(
    (state, id) => reduce(state, productViewed({ id, slug: `p-${id}` })),
    initialRecentlyViewedState,
  );

describe('recently viewed history', () => {
  it('names its actions after what happened', () => {
    expect(productViewed({ id: 1, slug: 'a' }).type).toBe('recentlyViewed/productViewed');
    expect(productsGone([1]).type).toBe('recentlyViewed/productsGone');
  });

  it('keeps the most recent first, each product once', () => {
    expect(view(1, 2, 3, 2).items.map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it(`keeps only the last ${RECENTLY_VIEWED_LIMIT} products`, () => {
    const ids = Array.from({ length: RECENTLY_VIEWED_LIMIT + 3 }, (_, i) => i + 1);
    const items = view(...ids).items;
    expect(items).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(items[0]).toEqual({ id: ids.at(-1), slug: `p-${ids.at(-1)}` });
    expect(items.map((p) => p.id)).not.toContain(3);
  });

  it('stores ids and slugs only, never a price', () => {
    const state = reduce(
      initialRecentlyViewedState,
      productViewed({ id: 5, slug: 'tea', selling_price: 120 } as never),
    );
    expect(state.items).toEqual([{ id: 5, slug: 'tea' }]);
  });

  it('drops products the server no longer has', () => {
    expect(reduce(view(1, 2, 3), productsGone([2, 9])).items.map((p) => p.id)).toEqual([3, 1]);
  });
});
