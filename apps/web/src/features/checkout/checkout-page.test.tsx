import { PRICES_CHANGED } from '@pasal/contract/checkout';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToWallet } from '../../lib/go-to-wallet';
import { type FakeCheckout, fakeCheckout, savedAddress } from '../../test/fake-checkout-server';
import { cartActions } from '../cart/cart-slice';
import { renderCheckout } from './checkout-test-harness';
import { CHECKOUT_TEXTS } from './checkout-texts';

// Whole journeys typed through user-event: a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// Leaving for the wallet is the browser's business; the test sees where it would go.
vi.mock('../../lib/go-to-wallet', () => ({ goToWallet: vi.fn() }));

const rice = { id: 1, title: 'Rice 5 kg', price: 650, stock: 10 };
const ghee = { id: 2, title: 'Ghee 1 L', price: 900.5, stock: 2 };

let server: FakeCheckout;
beforeEach(() => {
  vi.clearAllMocks();
  server = fakeCheckout([rice, ghee]);
});
afterEach(() => server.restore());

const placeButton = () => screen.getByRole('button', { name: 'Place Order' });
const summary = () => screen.getByRole('region', { name: 'Order Summary' });
const amountOf = (label: string) => within(summary()).getByText(label).nextSibling;

/** FLAT50 (Rs 50 off, from Rs 200) applied on the cart, as the cart page would. */
const flat50Applied = cartActions.promoApplied({
  promo: {
    code: 'FLAT50',
    discount_type: 'fixed',
    discount_value: 50,
    minimum_amount: 200,
    maximum_discount: null,
    message: '',
    is_valid: true,
    is_applied: true,
  },
  discountAmount: 50,
});

async function readyWith(lines: [number, number][], addresses = [savedAddress(1)]) {
  server.shop.seedCart(lines);
  server.seedAddresses(addresses);
  const view = renderCheckout();
  await screen.findByRole('radio', { name: /Person/, checked: true });
  await waitFor(() => expect(amountOf('Delivery charge')).not.toHaveTextContent('Calculating'));
  return view;
}

describe('checkout screen', () => {
  it('an empty cart says so and offers Continue Shopping', async () => {
    renderCheckout();
    expect(await screen.findByText(CHECKOUT_TEXTS.emptyCart)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_TEXTS.emptyCartHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('without saved addresses it asks for one, and Place Order stays disabled', async () => {
    server.shop.seedCart([[1, 1]]);
    renderCheckout();
    expect(await screen.findByText(CHECKOUT_TEXTS.noAddress)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    expect(placeButton()).toBeDisabled();
    expect(amountOf('Delivery charge')).toHaveTextContent('Rs 0.00');
  });

  it('preselects the default address', async () => {
    await readyWith([[1, 1]], [savedAddress(1), savedAddress(2, { is_default: true }), savedAddress(3)]);
    expect(screen.getByRole('radio', { name: /Person 2/ })).toBeChecked();
  });

  it('preselects the first address when none is the default', async () => {
    await readyWith([[1, 1]], [savedAddress(4), savedAddress(5)]);
    expect(screen.getByRole('radio', { name: /Person 4/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Person 5/ })).not.toBeChecked();
  });

  it("summary: the discounted subtotal plus the server's delivery charge, 2 decimals, asked again when the address changes", async () => {
    server.setCharge(1, 50);
    server.setCharge(2, 65);
    const { store } = await readyWith(
      [
        [1, 1],
        [2, 1],
      ],
      [savedAddress(1, { is_default: true }), savedAddress(2)],
    );
    expect(amountOf('Subtotal')).toHaveTextContent('Rs 1,550.50');
    expect(amountOf('Delivery charge')).toHaveTextContent('Rs 50.00');
    expect(amountOf('Total')).toHaveTextContent('Rs 1,600.50');
    await userEvent.click(screen.getByRole('radio', { name: /Person 2/ }));
    await waitFor(() => expect(amountOf('Delivery charge')).toHaveTextContent('Rs 65.00'));
    expect(amountOf('Total')).toHaveTextContent('Rs 1,615.50');
    // A promo applied on the cart comes off the subtotal.
    store.dispatch(flat50Applied);
    expect(await within(summary()).findByText('Discount (FLAT50)')).toBeInTheDocument();
    expect(amountOf('Total')).toHaveTextContent('Rs 1,565.50');
  });

  it('Place Order needs the terms; the cash order is placed once and the success modal shows it', async () => {
    const { store, router } = await readyWith([
      [1, 2],
      [2, 1],
    ]);
    expect(placeButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Order Notes' }), 'Ring twice');
    expect(screen.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    await userEvent.dblClick(placeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(server.checkoutCalls).toHaveLength(1);
    expect(server.checkoutCalls[0].body).toEqual({
      product_id: [1, 2],
      qtys: [2, 1],
      unit_prices: [650, 900.5],
      location: 1,
      voucher_code: '',
      payment_method: 'cash',
      notes: 'Ring twice',
    });
    expect(server.checkoutCalls[0].key).toMatch(/^chk-[0-9a-f]{32}$/);
    expect(within(dialog).getByText('PSL9000')).toBeInTheDocument();
    expect(within(dialog).getByText('Rs 2,250.50')).toBeInTheDocument();
    expect(within(dialog).getByText(/confirmation e-mail will be sent/)).toBeInTheDocument();
    // The cart is cleared and the badge's count follows.
    await waitFor(() => expect(store.getState().cart.totalItems).toBe(0));
    await userEvent.click(within(dialog).getByRole('button', { name: 'View Orders' }));
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('a retry after a network error sends the same Idempotency-Key: one order, never two', async () => {
    await readyWith([[1, 1]]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    // The server placed the order but the answer never arrived.
    server.failNext(/^POST \/checkout\/$/, 'lost');
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.orderFailed));
    // The cart still shows the line: try again.
    await userEvent.click(placeButton());
    await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(server.checkoutCalls).toHaveLength(2);
    expect(server.checkoutCalls[1].key).toBe(server.checkoutCalls[0].key);
    expect(server.orders.size).toBe(1);
  });

  it('offline: says nothing was ordered, and after a reload sends the same order with the same key once online', async () => {
    window.localStorage.clear();
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      const first = await readyWith([[1, 1]]);
      await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
      online = false;
      server.failNext(/^POST \/checkout\/$/, 'network');
      await userEvent.click(placeButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_TEXTS.orderOffline);
      expect(server.orders.size).toBe(0);
      // A second tap while the line is down sends the same pending order again, not a new one.
      server.failNext(/^POST \/checkout\/$/, 'network');
      await userEvent.click(placeButton());
      expect(toast.error).not.toHaveBeenCalled();

      const kept = JSON.parse(window.localStorage.getItem('pasal-pending-order') ?? '{}').key;
      expect(kept).toMatch(/^chk-[0-9a-f]{32}$/);

      // The page is reloaded; when it opens online the kept order goes with its key.
      first.unmount();
      online = true;
      renderCheckout();
      await screen.findByRole('dialog', { name: 'Order placed successfully!' });
      expect(server.orders.size).toBe(1);
      expect(server.checkoutCalls).toHaveLength(1);
      expect(server.checkoutCalls[0].key).toBe(kept);
      expect(window.localStorage.getItem('pasal-pending-order')).toBeNull();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('the line returning while a tap made offline is still failing sends the order then, once', async () => {
    window.localStorage.clear();
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      await readyWith([[1, 1]]);
      await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
      online = false;
      server.failNext(/^POST \/checkout\/$/, 'network');
      await userEvent.click(placeButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_TEXTS.orderOffline);
      // The shopper taps again; that try has not failed yet when the line comes back.
      const release = server.hold();
      server.failNext(/^POST \/checkout\/$/, 'network');
      await userEvent.click(placeButton());
      online = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      release();
      await screen.findByRole('dialog', { name: 'Order placed successfully!' });
      expect(toast.error).not.toHaveBeenCalled();
      expect(server.orders.size).toBe(1);
      expect(server.checkoutCalls).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('a price that changed after the page was read is refused, shown, and the next tap orders at it', async () => {
    await readyWith([[2, 1]]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    // The ghee's flash sale ended while the page was open.
    server.shop.catalogue.get(2)!.price = 1000;
    ghee.price = 1000;
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PRICES_CHANGED));
    expect(server.orders.size).toBe(0);
    // The cart was read again: the summary shows the price the shop charges now.
    await waitFor(() => expect(amountOf('Subtotal')).toHaveTextContent('1,000.00'));
    await userEvent.click(placeButton());
    await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(server.checkoutCalls.map((call) => call.body.unit_prices)).toEqual([[900.5], [1000]]);
    ghee.price = 900.5;
  });

  it('a promo code refused at Place Order (expired meanwhile) leaves the order: the total shows it gone, and the next tap places it without', async () => {
    const { store } = await readyWith([[1, 1]]);
    store.dispatch(flat50Applied);
    expect(await within(summary()).findByText('Discount (FLAT50)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    const expired = 'This promo code has expired.';
    server.failNext(/^POST \/checkout\/$/, {
      status: 400,
      body: { message: expired, msg: expired, is_valid: false, reason: 'expired', discount_amount: 0 },
    });
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expired));
    await waitFor(() => expect(within(summary()).queryByText('Discount (FLAT50)')).not.toBeInTheDocument());
    expect(amountOf('Total')).toHaveTextContent('Rs 700.00');
    await userEvent.click(placeButton());
    await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(server.checkoutCalls.at(-1)?.body.voucher_code).toBe('');
  });

  it('a Place Order that failed online is not sent by itself when the page opens again', async () => {
    window.localStorage.clear();
    const first = await readyWith([
      [1, 1],
      [2, 2],
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    server.failNext(/^POST \/checkout\/$/, 'network');
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.orderFailed));
    // The shopper was told it failed; they take the ghee out and come back.
    first.unmount();
    server.shop.cart.delete(2);
    renderCheckout();
    await screen.findByRole('radio', { name: /Person/, checked: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.checkoutCalls).toEqual([]);
    expect(placeButton()).toBeDisabled(); // the terms again, first
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    await userEvent.click(placeButton());
    await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(server.checkoutCalls.map((call) => call.body.product_id)).toEqual([[1]]);
  });

  it('after a try that never arrived, the next tap sends the address now chosen, with the same key', async () => {
    await readyWith([[1, 1]], [savedAddress(1, { is_default: true }), savedAddress(2)]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    server.failNext(/^POST \/checkout\/$/, 'network');
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.orderFailed));
    await userEvent.click(screen.getByRole('radio', { name: /Person 2/ }));
    await userEvent.click(placeButton());
    await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(server.checkoutCalls).toHaveLength(1);
    expect(server.checkoutCalls[0].body.location).toBe(2);
    expect(server.orders.size).toBe(1);
  });

  it('a try whose answer was lost had placed the order: the next tap with another address shows it, and orders nothing more', async () => {
    await readyWith([[1, 1]], [savedAddress(1, { is_default: true }), savedAddress(2)]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    server.failNext(/^POST \/checkout\/$/, 'lost');
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.orderFailed));
    await userEvent.click(screen.getByRole('radio', { name: /Person 2/ }));
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.info).toHaveBeenCalled());
    const [placedId] = [...server.orders.keys()];
    expect(toast.info).toHaveBeenCalledWith(
      `Your earlier order #${placedId} had gone through, so nothing more was ordered. Check it here before ordering again.`,
    );
    expect(server.orders.size).toBe(1);
    // The new version was refused for the key; the first one was asked for its answer, same key.
    expect(server.checkoutCalls.map((call) => call.body.location)).toEqual([1, 2, 1]);
    expect(new Set(server.checkoutCalls.map((call) => call.key)).size).toBe(1);
    expect(window.localStorage.getItem('pasal-pending-order')).toBeNull();
  });

  it('while the earlier try’s fate is unknown (a proxy answers instead of the shop), nothing new is ordered', async () => {
    await readyWith([[1, 1]], [savedAddress(1, { is_default: true }), savedAddress(2)]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    server.failNext(/^POST \/checkout\/$/, 'lost');
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.orderFailed));
    await userEvent.click(screen.getByRole('radio', { name: /Person 2/ }));
    // The changed order is refused for the key (the first was placed); asking with the first body,
    // a proxy answers 429 with no message of the shop's.
    server.failNext(/^POST \/checkout\/$/, { status: 429, body: 'Too Many Requests' });
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    expect(server.orders.size).toBe(1);
    const kept = JSON.parse(window.localStorage.getItem('pasal-pending-order') ?? 'null');
    expect(kept?.body.location).toBe(2);
    // The line clears: the next tap finds the first order instead of placing a second.
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.info).toHaveBeenCalled());
    expect(server.orders.size).toBe(1);
  });

  it('a full slot ends the attempt: the next tap carries the slot now chosen, with a new key', async () => {
    const slot = (id: number, starts: string, ends: string, full = false) => ({
      id,
      date: '2026-11-27',
      starts,
      ends,
      available: !full,
      reason: full ? 'full' : null,
    });
    const slots = (morningFull: boolean) => ({
      status: 200,
      body: { data: { slots: [slot(1, '09:00', '12:00', morningFull), slot(2, '12:00', '15:00')] } },
    });
    server.failNext(/^GET \/order\/delivery-slots\//, slots(false));
    for (let i = 0; i < 5; i += 1) server.failNext(/^GET \/order\/delivery-slots\//, slots(true));
    await readyWith([[1, 1]]);
    await screen.findByRole('radio', { name: '09:00–12:00', checked: true });
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    const full = 'This delivery slot is full. Please choose another.';
    server.failNext(/^POST \/checkout\/$/, { status: 409, body: { message: full, msg: full } });
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(full));
    // The refusal ended the attempt: no order (or key) is kept to be sent again.
    expect(window.localStorage.getItem('pasal-pending-order')).toBeNull();
    await waitFor(() => expect(screen.getByRole('radio', { name: '12:00–15:00' })).toBeChecked());
    await userEvent.click(placeButton());
    await screen.findByRole('dialog', { name: 'Order placed successfully!' });
    expect(server.checkoutCalls).toHaveLength(1);
    expect(server.checkoutCalls[0].body.slot).toEqual({ id: 2, date: '2026-11-27' });
  });

  it("a refusal shows the server's msg; the next attempt is a new one with a new key", async () => {
    await readyWith([[2, 2]]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    server.failNext(/^POST \/checkout\/$/, {
      status: 400,
      body: {
        message: 'Ghee 1 L: Only 1 items available in stock',
        msg: 'Ghee 1 L: Only 1 items available in stock',
      },
    });
    await userEvent.click(placeButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Ghee 1 L: Only 1 items available in stock'),
    );
    server.failNext(/^POST \/checkout\/$/, { status: 400, body: {} });
    await userEvent.click(placeButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.orderFailed));
    expect(server.checkoutCalls).toHaveLength(0); // both refused before reaching the fake's handler
  });

  it('an address no station serves says so and cannot be ordered to', async () => {
    await readyWith([[1, 1]], [savedAddress(1, { is_deliverable: false })]);
    expect(within(summary()).getByRole('alert')).toHaveTextContent(CHECKOUT_TEXTS.noStations);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    expect(placeButton()).toBeDisabled();
  });

  it('eSewa: the order is placed online and the browser goes to the wallet with the server-built form', async () => {
    await readyWith([[1, 1]]);
    await userEvent.click(screen.getByRole('radio', { name: 'eSewa' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    await userEvent.click(placeButton());
    await waitFor(() =>
      expect(goToWallet).toHaveBeenCalledWith({
        type: 'form',
        method: 'POST',
        url: 'http://wallet.test/esewa/form',
        fields: { transaction_uuid: 'PSL-9000', total_amount: '1' },
      }),
    );
    expect(server.checkoutCalls[0].body.payment_method).toBe('esewa');
    expect(screen.getByRole('button', { name: 'Going to eSewa…' })).toBeDisabled();
    // Back from the wallet, the page as the browser kept it: not stuck on "Going to eSewa…".
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(screen.queryByRole('button', { name: 'Going to eSewa…' })).not.toBeInTheDocument();
  });

  it('a wallet that does not open: after 15 s the page says so and links to the order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await readyWith([[1, 1]]);
      await userEvent.click(screen.getByRole('radio', { name: 'eSewa' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
      await userEvent.click(placeButton());
      await waitFor(() => expect(goToWallet).toHaveBeenCalled());
      // The form post was blocked (the browser stayed): not "Going to eSewa…" forever.
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      expect(screen.queryByRole('button', { name: 'Going to eSewa…' })).not.toBeInTheDocument();
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('eSewa did not open. Your order #9000 is saved');
      expect(within(alert).getByRole('link', { name: 'Go to your order' })).toHaveAttribute(
        'href',
        '/payment/return?order=9000&status=unpaid',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a wallet the server has switched off is shown disabled with the reason', async () => {
    server.wallets.khalti = false;
    await readyWith([[1, 1]]);
    const khalti = await screen.findByRole('radio', {
      name: 'Khalti',
      description: 'Khalti is not available at the moment. Please choose another payment method.',
    });
    expect(khalti).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'eSewa' })).toBeEnabled();
  });
});

describe('address modal', () => {
  const field = (name: string | RegExp) => screen.getByLabelText(name);

  it('asks for the required fields, then adds an address through the cascade and selects it', async () => {
    await readyWith([[1, 1]]);
    await userEvent.click(screen.getByRole('button', { name: 'Add New Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Address' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CHECKOUT_TEXTS.requiredFields);

    await userEvent.type(field('Full name *'), 'Sita Sharma');
    await userEvent.type(field('Phone *'), '9812345678');
    await userEvent.type(field('Location (street, tole, house) *'), 'Lakeside 6');
    expect(field('District *')).toBeDisabled();
    await within(dialog).findByRole('option', { name: 'Gandaki' });
    await userEvent.selectOptions(field('Province *'), 'Gandaki');
    await within(dialog).findByRole('option', { name: 'Kaski' });
    await userEvent.selectOptions(field('District *'), 'Kaski');
    expect(field('Delivery station')).toBeDisabled();
    await within(dialog).findByRole('option', { name: 'Pokhara Metropolitan City' });
    await userEvent.selectOptions(field('Municipality'), 'Pokhara Metropolitan City');
    await within(dialog).findByRole('option', { name: 'Pokhara Hub (4 km)' });
    await userEvent.selectOptions(field('Delivery station'), 'Pokhara Hub (4 km)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CHECKOUT_TEXTS.added));
    const added = await screen.findByRole('radio', { name: /Sita Sharma/ });
    await waitFor(() => expect(added).toBeChecked());
    expect(server.addresses[0]).toMatchObject({
      full_name: 'Sita Sharma',
      province_id: 4,
      district_id: 40,
      municipality_id: 401,
      nearest_branch_id: 3,
    });
  });

  it('a new province clears the district and local level; a local level nobody serves says so', async () => {
    await readyWith([[1, 1]]);
    await userEvent.click(screen.getByRole('button', { name: 'Add New Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Address' });
    await within(dialog).findByRole('option', { name: 'Bagmati' });
    await userEvent.selectOptions(field('Province *'), 'Bagmati');
    await within(dialog).findByRole('option', { name: 'Kathmandu' });
    await userEvent.selectOptions(field('District *'), 'Kathmandu');
    await within(dialog).findByRole('option', { name: 'Kirtipur Municipality' });
    await userEvent.selectOptions(field('Municipality'), 'Kirtipur Municipality');
    expect(await within(dialog).findByText(CHECKOUT_TEXTS.noStations)).toBeInTheDocument();
    await userEvent.selectOptions(field('Province *'), 'Gandaki');
    expect(field('District *')).toHaveValue('');
    expect(field('Municipality')).toHaveValue('');
    expect(field('Municipality')).toBeDisabled();
    expect(within(dialog).queryByText(CHECKOUT_TEXTS.noStations)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Kirtipur Municipality' })).not.toBeInTheDocument();
  });

  it('edit preloads the saved place and its lists; the update is saved', async () => {
    await readyWith(
      [[1, 1]],
      [savedAddress(1, { municipality_id: 301, nearest_branch_id: 1, nearest_branch: 'Kathmandu Hub' })],
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit address of Person 1, Street 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    await within(dialog).findByRole('option', { name: 'Kathmandu Hub (2.5 km)' });
    expect(field('Province *')).toHaveDisplayValue('Bagmati');
    expect(field('District *')).toHaveDisplayValue('Kathmandu');
    expect(field('Municipality')).toHaveDisplayValue('Kathmandu Metropolitan City');
    expect(field('Delivery station')).toHaveDisplayValue('Kathmandu Hub (2.5 km)');
    await userEvent.clear(field('Location (street, tole, house) *'));
    await userEvent.type(field('Location (street, tole, house) *'), 'New Baneshwor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Address' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CHECKOUT_TEXTS.updated));
    expect(server.addresses[0].location).toBe('New Baneshwor');
  });

  it('a failed load of the provinces says so', async () => {
    await readyWith([[1, 1]]);
    server.failNext(/provinces\/$/, 'network');
    await userEvent.click(screen.getByRole('button', { name: 'Add New Address' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.provincesFailed, expect.anything()),
    );
  });

  it('delete asks first; confirmed, the address goes and the next one is chosen', async () => {
    await readyWith([[1, 1]], [savedAddress(1, { is_default: true }), savedAddress(2)]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete address of Person 1, Street 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete address' });
    expect(within(dialog).getByText(CHECKOUT_TEXTS.confirmDelete)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.addresses).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Delete address of Person 1, Street 1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete address' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CHECKOUT_TEXTS.deleted));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Person 2/ })).toBeChecked());
    expect(screen.queryByRole('radio', { name: /Person 1/ })).not.toBeInTheDocument();
  });

  it('a failed delete says so and keeps the address', async () => {
    await readyWith([[1, 1]]);
    server.failNext(/^DELETE/, { status: 500, body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Delete address of Person 1, Street 1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete address' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.deleteFailed));
    expect(server.addresses).toHaveLength(1);
  });

  it('a failed address list says so', async () => {
    server.shop.seedCart([[1, 1]]);
    server.failNext(/address\/list/, { status: 500, body: {} });
    renderCheckout();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(CHECKOUT_TEXTS.addressesFailed, expect.anything()),
    );
  });
});
