import { describe, expect, it } from 'vitest';
import { matchesQuery, pickRecommendations } from './search-match';

const rice = { id: 1, title: 'Basmati Rice', description: 'Long grain, aged', category: 'Rice & Grains' };
const ghee = { id: 2, title: 'Cow Ghee', description: 'Pure ghee from the hills', category: 'Dairy' };

describe('search matching rule', () => {
  it('needs every word, in any of title, description or category', () => {
    expect(matchesQuery(rice, 'basmati')).toBe(true);
    expect(matchesQuery(rice, 'BASMATI grain')).toBe(true); // title + description
    expect(matchesQuery(rice, 'rice grains')).toBe(true); // category
    expect(matchesQuery(rice, 'basmati ghee')).toBe(false);
    expect(matchesQuery(ghee, 'hills dairy cow')).toBe(true);
  });

  it('matches parts of words and ignores extra spaces', () => {
    expect(matchesQuery(rice, '  bas   long ')).toBe(true);
  });

  it('matches nothing for a blank query', () => {
    expect(matchesQuery(rice, '   ')).toBe(false);
  });

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
