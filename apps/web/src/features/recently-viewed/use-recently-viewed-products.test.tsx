import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductRow } from '../../components/product-row';
import { product } from '../../test/fake-shop-server';
import { makeStore, renderWithApp } from '../../test/render';
import { useRecentlyViewedProducts } from './use-recently-viewed-products';

/** A page's row, as home and the product page show it. */
function RecentlyViewedRow({ exclude }: { exclude?: number }) {
  return <ProductRow title="Recently viewed" products={useRecentlyViewedProducts(exclude)} />;
}

const tea = { ...product({ id: 1, title: 'Tea 500 g', price: 300, stock: 4 }), slug: 'tea' };
const rice = { ...product({ id: 2, title: 'Rice 5 kg', price: 900, stock: 9 }), slug: 'rice' };

/** The API's detail answers by slug; any other slug is a 404. */
function serveDetails(...products: (typeof tea)[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const found = products.find((p) => url === `/api/ecommerce/product/detail/${p.slug}/`);
      return found
        ? new Response(JSON.stringify({ data: { product: found, reviews: [], recommended_products: [] } }))
        : new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
    }),
  );
  return asked;
}

const history = (...items: { id: number; slug: string }[]) => makeStore({ recentlyViewed: { items } });

describe('recently viewed products', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the viewed products as the server has them now, most recent first', async () => {
    serveDetails(tea, rice);
    renderWithApp(<RecentlyViewedRow />, history({ id: 2, slug: 'rice' }, { id: 1, slug: 'tea' }));
    expect(await screen.findByRole('heading', { name: 'Recently viewed' })).toBeInTheDocument();
    const titles = screen.getAllByRole('article').map((a) => a.textContent);
    expect(titles[0]).toContain('Rice 5 kg');
    expect(titles[1]).toContain('Tea 500 g');
    expect(titles[0]).toContain('Rs 900');
  });

  it('leaves out the product on show and does not ask for it', async () => {
    const asked = serveDetails(tea, rice);
    renderWithApp(
      <RecentlyViewedRow exclude={2} />,
      history({ id: 2, slug: 'rice' }, { id: 1, slug: 'tea' }),
    );
    expect(await screen.findByRole('heading', { name: 'Recently viewed' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(asked).toEqual(['/api/ecommerce/product/detail/tea/']);
  });

  it('shows nothing without a history, and asks for nothing', async () => {
    const asked = serveDetails(tea);
    renderWithApp(<RecentlyViewedRow />, history());
    await new Promise((r) => setTimeout(r, 120));
    expect(screen.queryByRole('heading', { name: 'Recently viewed' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('drops a product the server no longer has from the history', async () => {
    serveDetails(tea);
    const store = history({ id: 2, slug: 'rice' }, { id: 1, slug: 'tea' });
    renderWithApp(<RecentlyViewedRow />, store);
    expect(await screen.findByRole('heading', { name: 'Recently viewed' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().recentlyViewed.items).toEqual([{ id: 1, slug: 'tea' }]));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});
