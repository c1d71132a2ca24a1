import { describe, expect, it } from 'vitest';
import { pickRecommendations } from './search-match';

const ghee = { id: 2, title: 'Cow Ghee', description: 'Pure ghee from the hills', category: 'Dairy' };

describe('search recommendations', () => {
  it('recommends up to 8 other products, same category first', () => {
    const pool = Array.from({ length: 12 }, (_, i) => ({
      id: i + 10,
      title: `P${i}`,
      description: '',
      category: i === 11 ? 'Dairy' : 'Other',
    }));
    const picks = pickRecommendations([ghee, ...pool], [ghee]);
    expect(picks).toHaveLength(8);
    expect(picks[0].id).toBe(21);
    expect(picks.some((p) => p.id === ghee.id)).toBe(false);
  });
});
