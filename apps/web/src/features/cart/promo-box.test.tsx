import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeShop, fakeShop } from '../../test/fake-shop-server';
import { makeStore, renderWithApp } from '../../test/render';
import { loggedIn } from '../auth/auth-slice';
import { cartActions } from './cart-slice';
import { fetchCart } from './cart-thunks';
import { INVALID_CODE_MS, PromoBox } from './promo-box';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// The shop's lazy toast module hands every toast to the (mocked) react-toastify at once.
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

let shop: FakeShop;
beforeEach(() => {
  shop = fakeShop([{ id: 1, title: 'Tea', price: 120, stock: 20 }]);
});
afterEach(() => {
  shop.restore();
  vi.useRealTimers();
});

async function customerWithTea(quantity: number) {
  const store = makeStore();
  store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: 7 }));
  shop.seedCart([[1, quantity]]);
  await store.dispatch(fetchCart());
  return store;
}

const input = () => screen.getByLabelText('Enter promo code');
const apply = () => screen.getByRole('button', { name: /^(Apply|Applying\.\.\.)$/ });

describe('promo box', () => {
  it('Apply is disabled while the input is blank', async () => {
    renderWithApp(<PromoBox />, await customerWithTea(5));
    expect(apply()).toBeDisabled();
    await userEvent.type(input(), '   ');
    expect(apply()).toBeDisabled();
    await userEvent.type(input(), 'FLAT50');
    expect(apply()).toBeEnabled();
  });

  it('input → applying (disabled, "Applying...") → applied with the code, the discount and Remove', async () => {
    renderWithApp(<PromoBox />, await customerWithTea(5)); // Rs 600
    await userEvent.type(input(), 'FLAT50');
    const release = shop.hold();
    await userEvent.click(apply());
    expect(apply()).toBeDisabled();
    expect(apply()).toHaveTextContent('Applying...');
    await act(async () => release());
    expect(await screen.findByText('FLAT50')).toBeInTheDocument();
    expect(screen.getByText('−Rs 50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove promo code FLAT50' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Enter promo code')).not.toBeInTheDocument();
  });

  it('failed: the server’s message stays', async () => {
    renderWithApp(<PromoBox />, await customerWithTea(1)); // Rs 120
    await userEvent.type(input(), 'FLAT50');
    await userEvent.click(apply());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Minimum order amount of Rs 200 is required to apply this promo code.',
    );
    expect(input()).toHaveAttribute('aria-invalid', 'true');
  });

  it('"Invalid promo code" is shown for 3 seconds', async () => {
    const store = await customerWithTea(1);
    vi.useFakeTimers();
    renderWithApp(<PromoBox />, store);
    act(() => {
      store.dispatch(cartActions.promoFailed({ message: 'Invalid promo code' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid promo code');
    act(() => vi.advanceTimersByTime(INVALID_CODE_MS - 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid promo code');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().cart.promoError).toBeNull();
  });

  it('other messages are not timed out', async () => {
    const store = await customerWithTea(1);
    vi.useFakeTimers();
    renderWithApp(<PromoBox />, store);
    act(() => {
      store.dispatch(cartActions.promoFailed({ message: 'This promo code has expired.' }));
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('This promo code has expired.');
  });
});
