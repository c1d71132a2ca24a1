import { CATEGORY_SORTS, type ProductSort, SEARCH_SORTS } from '@pasal/contract/product-sorts';
import { describe, expect, it } from 'vitest';
import {
  appliedFilterCount,
  filterParams,
  filtersKey,
  NO_FILTERS,
  readListFilters,
  writeListFilters,
} from './list-filters';

const read = (query: string, sorts: readonly ProductSort[] = SEARCH_SORTS) =>
  readListFilters(new URLSearchParams(query), sorts);

describe('list filters in the address', () => {
  it('reads the sort and every filter', () => {
    expect(
      read(
        'query=rice&sort=price_asc&min_price=99.50&max_price=500&brand=Gyan&brand=Himalayan&on_sale=true&in_stock=true',
      ),
    ).toEqual({
      sort: 'price_asc',
      minPrice: '99.50',
      maxPrice: '500',
      brands: ['Gyan', 'Himalayan'],
      onSale: true,
      inStock: true,
    });
    expect(read('query=rice')).toEqual(NO_FILTERS);
  });

  it('drops what the list does not take instead of sending it on for a 400', () => {
    expect(read('sort=cheapest&min_price=-5&max_price=1e3&on_sale=yes&in_stock=1&brand=')).toEqual(
      NO_FILTERS,
    );
    // Relevance is a search's sort, not a category's; title the other way round.
    expect(read('sort=relevance', CATEGORY_SORTS).sort).toBeUndefined();
    expect(read('sort=title').sort).toBeUndefined();
    expect(read('sort=title', CATEGORY_SORTS).sort).toBe('title');
    // A range whose ends cross is dropped whole; a repeated brand counts once.
    expect(read('min_price=500&max_price=100')).toMatchObject({ minPrice: '', maxPrice: '' });
    expect(read('brand=Gyan&brand=Gyan').brands).toEqual(['Gyan']);
  });

  it('writes them after the page’s own parameters, in a fixed order, leaving out what is off', () => {
    const params = new URLSearchParams('query=rice&sort=newest&in_stock=true');
    const written = writeListFilters(params, {
      ...NO_FILTERS,
      inStock: true,
      sort: 'price_asc',
      brands: ['Gyan', 'Dabur Nepal'],
      maxPrice: '250',
    });
    expect(written.toString()).toBe(
      'query=rice&sort=price_asc&max_price=250&brand=Gyan&brand=Dabur+Nepal&in_stock=true',
    );
    expect(writeListFilters(written, NO_FILTERS).toString()).toBe('query=rice');
  });

  it('reads back what it wrote (a reload or a shared link restores the list)', () => {
    const filters = {
      sort: 'best_selling' as const,
      minPrice: '10',
      maxPrice: '20.5',
      brands: ['A&B'],
      onSale: true,
      inStock: false,
    };
    expect(readListFilters(writeListFilters(new URLSearchParams('query=x'), filters), SEARCH_SORTS)).toEqual(
      filters,
    );
  });

  it('gives the API parameters in the same order and counts the filters that apply', () => {
    const filters = {
      ...NO_FILTERS,
      sort: 'newest' as const,
      minPrice: '5',
      brands: ['A', 'B'],
      inStock: true,
    };
    expect(filterParams(filters)).toEqual({
      sort: 'newest',
      min_price: '5',
      brand: ['A', 'B'],
      in_stock: 'true',
    });
    expect(Object.keys(filterParams(filters))).toEqual(['sort', 'min_price', 'brand', 'in_stock']);
    expect(appliedFilterCount(filters)).toBe(4);
    expect(appliedFilterCount({ ...NO_FILTERS, sort: 'newest' })).toBe(0);
    expect(filtersKey(filters)).not.toBe(filtersKey({ ...filters, brands: ['A'] }));
  });
});
