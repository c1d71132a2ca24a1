import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeShop, fakeShop } from '../../test/fake-shop-server';
import { makeStore, renderWithApp } from '../../test/render';
import { loggedIn } from '../auth/auth-slice';
import { toCartLine } from './cart-line';
import { CartPage } from './cart-page';
import { cartActions } from './cart-slice';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

const tea = { id: 1, title: 'Tea', price: 120, stock: 20 };

let shop: FakeShop;
beforeEach(() => {
  vi.clearAllMocks();
  shop = fakeShop([tea]);
});
afterEach(() => shop.restore());

async function customerWithTea(quantity: number) {
  const store = makeStore();
  store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: 7 }));
  shop.seedCart([[1, quantity]]);
  renderWithApp(<CartPage />, store);
  await screen.findByRole('row', { name: /Tea/ });
}

const list = () => screen.findByRole('region', { name: 'Promo codes you can use' }, { timeout: 3000 });
const summary = () => screen.getByRole('region', { name: 'Order Summary' });

describe('promo codes you can use (decision 055)', { timeout: 20_000 }, () => {
  it('lists each code with its saving, or what the cart is short of, and applies one', async () => {
    await customerWithTea(3); // Rs 360: FLAT50 applies, WELCOME10 needs Rs 500.
    const codes = await list();
    const items = within(codes).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^FLAT50Rs 50 off · orders from Rs 200You save Rs 50Apply/),
      'WELCOME1010% off, up to Rs 300 · orders from Rs 500Add Rs 140 more to use this code',
    ]);
    expect(within(items[1]).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(codes).getByRole('button', { name: 'Apply promo code FLAT50' }));
    expect(await screen.findByRole('button', { name: 'Remove promo code FLAT50' })).toHaveFocus();
    expect(shop.calls).toContain('POST /voucher/apply/ {"code":"FLAT50","order_total":360}');
    expect(within(summary()).getByText('Discount (FLAT50)').nextSibling).toHaveTextContent('−Rs 50');
    expect(within(summary()).getByText('Total').nextSibling).toHaveTextContent('Rs 310');
  });

  it('"Apply the best" applies the biggest saving', async () => {
    await customerWithTea(5); // Rs 600: WELCOME10 saves Rs 60, FLAT50 Rs 50.
    const codes = await list();
    await userEvent.click(
      within(codes).getByRole('button', { name: 'Apply the best: WELCOME10, save Rs 60' }),
    );
    expect(await screen.findByRole('button', { name: 'Remove promo code WELCOME10' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Promo code applied successfully!');
    expect(within(summary()).getByText('Discount (WELCOME10)').nextSibling).toHaveTextContent('−Rs 60');
    expect(within(summary()).getByText('Total').nextSibling).toHaveTextContent('Rs 540');
  });

  it('follows the cart: a bigger cart makes another code the best', async () => {
    await customerWithTea(3);
    await list();
    expect(screen.queryByRole('button', { name: /Apply the best: WELCOME10/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Tea' }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Tea' }));
    expect(
      await screen.findByRole('button', { name: 'Apply the best: WELCOME10, save Rs 60' }),
    ).toBeInTheDocument();
  });

  it('a visitor sees no list and nothing is asked', async () => {
    const store = makeStore();
    store.dispatch(
      cartActions.itemAdded({
        line: toCartLine({ id: 1, title: 'Tea', selling_price: 120, total_available_quantity: 20 }),
        quantity: 5,
      }),
    );
    renderWithApp(<CartPage />, store);
    expect(screen.getByLabelText('Enter promo code')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Promo codes you can use' })).not.toBeInTheDocument();
    expect(shop.calls.filter((c) => c.includes('/voucher/'))).toEqual([]);
  });
});
