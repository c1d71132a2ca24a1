import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/i18n';
import { type FakeShop, fakeShop } from '../../test/fake-shop-server';
import { makeStore, renderWithApp } from '../../test/render';
import { loggedIn } from '../auth/auth-slice';
import { toCartLine } from './cart-line';
import { CartPage } from './cart-page';
import { cartActions } from './cart-slice';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// The shop's lazy toast module hands every toast to the (mocked) react-toastify at once.
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

const rice = { id: 1, title: 'Rice 5 kg', price: 650, stock: 10 };
const ghee = { id: 2, title: 'Ghee 1 L', price: 900.5, stock: 2 };

const line = (p: typeof rice) =>
  toCartLine({ id: p.id, title: p.title, selling_price: p.price, total_available_quantity: p.stock });

let shop: FakeShop;
beforeEach(() => {
  vi.clearAllMocks();
  shop = fakeShop([rice, ghee]);
});
afterEach(() => shop.restore());

function visitorWith(...lines: [typeof rice, number][]) {
  const store = makeStore();
  for (const [p, q] of lines) store.dispatch(cartActions.itemAdded({ line: line(p), quantity: q }));
  return renderWithApp(<CartPage />, store);
}

const row = (title: string) => screen.getByRole('row', { name: new RegExp(title) });
const quantityOf = (title: string) => screen.getByRole('status', { name: `Quantity of ${title}` });

describe('cart screen (visitor)', () => {
  it('an empty cart says so and offers Continue Shopping', () => {
    renderWithApp(<CartPage />);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the table, the order summary and the links', () => {
    visitorWith([rice, 2], [ghee, 1]);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Product', 'Price', 'Quantity', 'Total']);
    const cells = within(row('Rice 5 kg')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Rice 5 kg'),
      'Rs 650',
      expect.stringContaining('2'),
      'Rs 1,300',
    ]);
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('Rs 2,200.5');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('Rs 2,200.5');
    expect(within(summary).getByRole('heading', { name: 'Promo Code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Checkout →' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Clear Cart' })).toBeInTheDocument();
    // Loading and errors belong to a customer's server cart.
    expect(screen.queryByText('Loading cart...')).not.toBeInTheDocument();
  });

  it('minus does nothing at 1; plus stops at the stock with the warning', async () => {
    const { store } = visitorWith([ghee, 1]);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Ghee 1 L' }));
    expect(quantityOf('Ghee 1 L')).toHaveTextContent('1');
    const plus = screen.getByRole('button', { name: 'Increase quantity of Ghee 1 L' });
    await userEvent.click(plus);
    expect(quantityOf('Ghee 1 L')).toHaveTextContent('2');
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(within(row('Ghee 1 L')).getByText('Only 2 items available in stock')).toBeInTheDocument();
    plus.focus();
    await userEvent.keyboard('{Enter}');
    expect(store.getState().cart.items[0].quantity).toBe(2);
    expect(toast.warning).toHaveBeenCalledWith('Only 2 items available in stock', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Ghee 1 L' }));
    expect(quantityOf('Ghee 1 L')).toHaveTextContent('1');
    expect(screen.getAllByRole('cell', { name: 'Rs 900.5' })).toHaveLength(2); // price and total
  });

  it('removes a line with its Remove link, and Clear Cart empties the cart', async () => {
    visitorWith([rice, 2], [ghee, 1]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Rice 5 kg' }));
    expect(screen.queryByRole('row', { name: /Rice 5 kg/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('Clear Cart offers Undo, which brings the lines back (decision 047)', async () => {
    visitorWith([rice, 2], [ghee, 1]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Your cart was cleared.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('row', { name: /Rice 5 kg/ })).toBeInTheDocument();
    expect(quantityOf('Rice 5 kg')).toHaveTextContent('2');
    expect(quantityOf('Ghee 1 L')).toHaveTextContent('1');
  });

  it('asks a visitor to log in for a promo code', async () => {
    visitorWith([rice, 1]);
    await userEvent.type(screen.getByLabelText('Enter promo code'), 'WELCOME10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please login to apply promo codes');
    expect(shop.calls).toEqual([]);
  });
});

/** The cart's own calls (the free-delivery hint's quote and the list of promo codes left out). */
const cartCalls = () =>
  shop.calls.filter(
    (c) => !c.includes('/order/calculate-delivery-charge/') && !c.includes('/voucher/available/'),
  );

describe('cart screen (customer)', () => {
  function customer() {
    const store = makeStore();
    store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: 7 }));
    return store;
  }

  it('reads the server cart on arrival, showing "Loading cart..." meanwhile', async () => {
    shop.seedCart([[1, 2]]);
    const release = shop.hold();
    renderWithApp(<CartPage />, customer());
    expect(await screen.findByText('Loading cart...')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('row', { name: /Rice 5 kg/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading cart...')).not.toBeInTheDocument();
  });

  it('says how much more buys free delivery, from the server’s amount (decision 047)', async () => {
    shop.seedCart([[1, 2]]);
    renderWithApp(<CartPage />, customer());
    // Rs 1,500 from the quote less 2 × Rs 650.
    expect(await screen.findByText('Add Rs 200 more for free delivery')).toBeInTheDocument();
  });

  it('Undo after Clear Cart puts the customer’s lines back on the server', async () => {
    shop.seedCart([
      [1, 2],
      [2, 1],
    ]);
    renderWithApp(<CartPage />, customer());
    await screen.findByRole('row', { name: /Rice 5 kg/ });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('row', { name: /Ghee 1 L/ })).toBeInTheDocument();
    expect([...shop.cart]).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('says in Nepali why Undo could not bring the lines back', async () => {
    await applyLanguage('ne');
    try {
      shop.seedCart([[1, 2]]);
      renderWithApp(<CartPage />, customer());
      await screen.findByRole('row', { name: /Rice 5 kg/ });
      await userEvent.click(screen.getByRole('button', { name: 'कार्ट खाली गर्नुहोस्' }));
      shop.failNext(/^POST \/cart\/add\//, { status: 400, body: { message: 'Rice 5 kg is out of stock.' } });
      await userEvent.click(await screen.findByRole('button', { name: 'पहिलेजस्तै गर्नुहोस्' }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Rice 5 kg स्टकमा छैन।'));
    } finally {
      await applyLanguage('en');
    }
  });

  it('shows the fetch error with Retry', async () => {
    shop.failNext(/GET \/cart\//, 'network');
    renderWithApp(<CartPage />, customer());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch cart');
    shop.seedCart([[1, 1]]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Rice 5 kg/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends plus, minus and remove to the server and shows its answer', async () => {
    shop.seedCart([
      [1, 2],
      [2, 1],
    ]);
    renderWithApp(<CartPage />, customer());
    await screen.findByRole('row', { name: /Rice 5 kg/ });
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Rice 5 kg' }));
    await waitFor(() => expect(quantityOf('Rice 5 kg')).toHaveTextContent('3'));
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Rice 5 kg' }));
    await waitFor(() => expect(quantityOf('Rice 5 kg')).toHaveTextContent('2'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ghee 1 L' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ghee/ })).not.toBeInTheDocument());
    expect(cartCalls().filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /cart/update/ {"cart_products":[{"product":1,"quantity":3}]}',
      'POST /cart/update/ {"cart_products":[{"product":1,"quantity":2}]}',
      'DELETE /cart/remove/2/',
    ]);
  });

  it('shows a line that ran out, not counted, with its Remove link', async () => {
    shop.seedCart([
      [1, 1],
      [2, 2],
    ]);
    shop.catalogue.get(2)!.stock = 0;
    renderWithApp(<CartPage />, customer());
    const ghee = await screen.findByRole('row', { name: /Ghee 1 L/ });
    expect(within(ghee).getByText('Out of stock')).toBeInTheDocument();
    expect(within(ghee).getByText('Not counted in the total')).toBeInTheDocument();
    expect(within(ghee).getByRole('button', { name: 'Remove Ghee 1 L' })).toBeInTheDocument();
    expect(screen.getByText('Remove the unavailable items before checkout.')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('Rs 650');
  });

  it('a line above the stock left says how many there are, and minus brings it down to them', async () => {
    shop.seedCart([[1, 5]]);
    shop.catalogue.get(1)!.stock = 2;
    renderWithApp(<CartPage />, customer());
    const rice = await screen.findByRole('row', { name: /Rice 5 kg/ });
    expect(within(rice).getByText('Only 2 items available in stock')).toBeInTheDocument();
    expect(within(rice).getByText('Not counted in the total')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Rice 5 kg' }));
    await waitFor(() => expect(quantityOf('Rice 5 kg')).toHaveTextContent('2'));
    expect(cartCalls().at(-1)).toBe('POST /cart/update/ {"cart_products":[{"product":1,"quantity":2}]}');
    expect(within(rice).queryByText('Not counted in the total')).not.toBeInTheDocument();
  });

  it('applies WELCOME10 and removes it', async () => {
    shop.seedCart([[1, 1]]);
    renderWithApp(<CartPage />, customer());
    await screen.findByRole('row', { name: /Rice 5 kg/ });
    await userEvent.type(screen.getByLabelText('Enter promo code'), 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const remove = await screen.findByRole('button', { name: 'Remove promo code WELCOME10' });
    expect(remove).toHaveFocus();
    expect(toast.success).toHaveBeenCalledWith('Promo code applied successfully!');
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Discount (WELCOME10)').nextSibling).toHaveTextContent('−Rs 65');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('Rs 585');
    await act(() => userEvent.click(remove));
    expect(screen.getByLabelText('Enter promo code')).toHaveFocus();
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('Rs 650');
  });
});
