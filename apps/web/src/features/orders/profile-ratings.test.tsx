import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { delivered, ordersServer } from './orders-test-server';
import { ALL_RATED_TEXT, NOT_RATED_TEXT, ProfileRatings } from './profile-ratings';

const auth = { access: 'token', user_id: '1', refresh: 'r', isAuthenticated: true };
let server: ReturnType<typeof ordersServer> | undefined;
afterEach(() => server?.restore());

// Interaction-heavy: room for a busy machine (the default is 5 s).
describe('Rate Your Products', { timeout: 20_000 }, () => {
  it('says the customer has not rated any products yet when nothing was delivered', async () => {
    server = ordersServer({ delivered: [] });
    renderPage(<ProfileRatings />, { auth });
    expect(screen.getByRole('heading', { name: 'Rate Your Products' })).toBeInTheDocument();
    expect(await screen.findByText(NOT_RATED_TEXT)).toBeInTheDocument();
  });

  it('rates a delivered product with stars and text; then nothing is left to rate', async () => {
    const user = userEvent.setup();
    server = ordersServer({
      delivered: [delivered({ id: 7, title: 'Ghee 500 ml' }), delivered({ id: 8, reviewed: true })],
    });
    renderPage(<ProfileRatings />, { auth });
    const card = within(await screen.findByRole('article'));
    expect(card.getByRole('heading', { name: 'Ghee 500 ml' })).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Submit Review' }));
    expect(card.getByRole('alert')).toHaveTextContent('Please choose a rating');
    expect(server.calls.some((c) => c.method === 'post')).toBe(false);
    const stars = card.getByRole('group', { name: 'Your rating for Ghee 500 ml' });
    await user.click(within(stars).getByLabelText('4 stars'));
    expect(within(stars).getByLabelText('4 stars')).toBeChecked();
    await user.click(card.getByLabelText('Your review (optional)'));
    await user.paste(' Smells like home. ');
    await user.click(card.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Thank you for your review!')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'post')).toMatchObject({
      url: '/product/7/review/',
      body: { rating: 4, review: 'Smells like home.' },
    });
    // The product page's cached answer (by id and by slug) is fetched afresh.
    expect(server.calls.filter((c) => c.url.startsWith('/product/detail/'))).toEqual([
      expect.objectContaining({ method: 'get', url: '/product/detail/7/', cacheControl: 'no-cache' }),
      expect.objectContaining({ method: 'get', url: '/product/detail/product-7/', cacheControl: 'no-cache' }),
    ]);
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByText(ALL_RATED_TEXT)).toBeInTheDocument();
  });

  it('shows the server’s refusal on the card and keeps it', async () => {
    const user = userEvent.setup();
    server = ordersServer({ delivered: [delivered({ id: 7 })] });
    server.answerNext(/POST \/product\//, {
      status: 409,
      body: { message: 'You have already reviewed this product.' },
    });
    renderPage(<ProfileRatings />, { auth });
    const card = within(await screen.findByRole('article'));
    await user.click(card.getByLabelText('1 star'));
    await user.click(card.getByRole('button', { name: 'Submit Review' }));
    expect(await card.findByRole('alert')).toHaveTextContent('You have already reviewed this product.');
    expect(card.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
  });
});
