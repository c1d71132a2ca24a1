import type { Review } from '@pasal/contract/catalogue';
import type { ListedReview } from '@pasal/contract/reviews';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AxiosAdapter, AxiosError, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../lib/api-client';
import { makeStore, renderWithApp } from '../../test/render';
import { ReviewList } from './review-list';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

const person = (first_name: string) => ({ first_name, middle_name: '', last_name: 'Shrestha' });
const reviews: ListedReview[] = [
  {
    id: 1,
    user: person('Asha'),
    created_at: '2026-03-02T10:00:00Z',
    review: 'Crisp',
    rating: 5,
    helpful_count: 0,
    voted: false,
    mine: false,
  },
  {
    id: 2,
    user: person('Bikash'),
    created_at: '2026-03-01T10:00:00Z',
    review: 'Fresh',
    rating: 4,
    helpful_count: 2,
    voted: false,
    mine: false,
  },
  {
    id: 3,
    user: person('Me'),
    created_at: '2026-02-01T10:00:00Z',
    review: 'Mine',
    rating: 3,
    helpful_count: 1,
    voted: false,
    mine: true,
  },
];
const plain: Review[] = reviews.map(({ helpful_count, voted, mine, ...r }) => r);

/** A stand-in for the review routes behind the storefront's real HTTP client. */
function fakeReviews() {
  const calls: string[] = [];
  const state = reviews.map((r) => ({ ...r }));
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const sort = (config.params as { sort?: string } | undefined)?.sort;
    calls.push(`${method} ${config.url}${sort ? `?sort=${sort}` : ''}`);
    const answer = (status: number, data: unknown): AxiosResponse => ({
      data,
      status,
      statusText: '',
      headers: {},
      config,
    });
    const vote = /^\/review\/(\d+)\/helpful\/$/.exec(config.url ?? '');
    if (method === 'GET') {
      const list = config.url === '/product/21/reviews/' ? [...state] : [];
      if (sort === 'helpful') list.sort((a, b) => b.helpful_count - a.helpful_count);
      return answer(200, { results: list });
    }
    const review = state.find((r) => r.id === Number(vote?.[1]));
    if (!review)
      throw new AxiosError(
        '404',
        'ERR_BAD_REQUEST',
        config,
        null,
        answer(404, { message: 'Review not found.' }),
      );
    const helpful = method === 'PUT';
    if (helpful !== review.voted) review.helpful_count += helpful ? 1 : -1;
    review.voted = helpful;
    return answer(200, { review_id: review.id, helpful_count: review.helpful_count, voted: helpful });
  };
  const previous = apiClient.defaults.adapter;
  apiClient.defaults.adapter = adapter;
  // A visitor's list is read with the browser's fetch (no session, no axios).
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://shop.test');
      const sort = searchParams.get('sort');
      calls.push(`GET ${pathname.replace('/api/ecommerce', '')}${sort ? `?sort=${sort}` : ''} (public)`);
      const list = pathname === '/api/ecommerce/product/21/reviews/' ? [...state] : [];
      if (sort === 'helpful') list.sort((a, b) => b.helpful_count - a.helpful_count);
      return new Response(JSON.stringify({ results: list }));
    }),
  );
  return {
    calls,
    restore: () => {
      apiClient.defaults.adapter = previous;
      vi.unstubAllGlobals();
    },
  };
}

let server: ReturnType<typeof fakeReviews>;
beforeEach(() => {
  server = fakeReviews();
});
afterEach(() => server.restore());

const loggedIn = () =>
  makeStore({ auth: { access: 'token', refresh: 'refresh', user_id: '9', isAuthenticated: true } });

describe('ReviewList', () => {
  it('marks another shopper’s review helpful and takes the mark back; one’s own only shows its count', async () => {
    renderWithApp(<ReviewList productId={21} reviews={plain} />, loggedIn());
    const bikash = await screen.findByRole('button', { name: 'Helpful (2)' });
    expect(bikash).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Helpful (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Helpful (1)' })).not.toBeInTheDocument();
    expect(screen.getByText('Helpful (1)')).toBeInTheDocument();

    await userEvent.click(bikash);
    const marked = await screen.findByRole('button', { name: 'Helpful (3)' });
    expect(marked).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(marked);
    expect(await screen.findByRole('button', { name: 'Helpful (2)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(server.calls).toEqual([
      'GET /product/21/reviews/?sort=newest',
      'PUT /review/2/helpful/',
      'DELETE /review/2/helpful/',
    ]);
  });

  it('sorts by most helpful on request', async () => {
    renderWithApp(<ReviewList productId={21} reviews={plain} />, loggedIn());
    await screen.findByRole('button', { name: 'Helpful (2)' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort reviews' }),
      'Most helpful first',
    );
    await vi.waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
        'Bikash Shrestha',
        'Me Shrestha',
        'Asha Shrestha',
      ]),
    );
    expect(server.calls.at(-1)).toBe('GET /product/21/reviews/?sort=helpful');
  });

  it('sends a visitor to log in instead of voting', async () => {
    const { router } = renderWithApp(<ReviewList productId={21} reviews={plain} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Helpful (2)' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(server.calls).toEqual(['GET /product/21/reviews/?sort=newest (public)']);
  });

  it('says so when there are no reviews', async () => {
    renderWithApp(<ReviewList productId={22} reviews={[]} />);
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    await vi.waitFor(() => expect(server.calls).toEqual(['GET /product/22/reviews/?sort=newest (public)']));
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
  });
});
