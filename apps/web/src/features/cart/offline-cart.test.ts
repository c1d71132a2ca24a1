import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeShop, fakeShop } from '../../test/fake-shop-server';
import { makeStore } from '../../test/render';
import { loggedIn } from '../auth/auth-slice';
import { toCartLine } from './cart-line';
import { addLine, changeQuantity, fetchCart, removeLine } from './cart-thunks';
import { OFFLINE_CART_SENT, sendOfflineChanges } from './offline-cart';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

const rice = { id: 1, title: 'Rice 5 kg', price: 650, stock: 10 };
const ghee = { id: 2, title: 'Ghee 1 L', price: 900, stock: 3 };
const tea = { id: 4, title: 'Tea 500 g', price: 120, stock: 50 };

let shop: FakeShop;
let online = true;
beforeEach(() => {
  vi.clearAllMocks();
  shop = fakeShop([rice, ghee, tea]);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  shop.restore();
  vi.restoreAllMocks();
});

const lines = (store: ReturnType<typeof makeStore>) =>
  store.getState().cart.items.map((i) => [i.product, i.quantity]);

async function customerWithCart(seed: [number, number][]) {
  const store = makeStore();
  store.dispatch(loggedIn({ access: 'token', refresh: 'r', user_id: 7 }));
  shop.seedCart(seed);
  await store.dispatch(fetchCart());
  shop.calls.length = 0;
  return store;
}

describe("a customer's cart changes made offline", () => {
  it('are made on the phone, sent as quantities when the line returns, and the server cart shown', async () => {
    const store = await customerWithCart([
      [1, 1],
      [2, 1],
    ]);
    online = false;
    await store.dispatch(changeQuantity(1, 3));
    await store.dispatch(removeLine(2));
    await store.dispatch(
      addLine(toCartLine({ id: 4, title: tea.title, selling_price: 120, total_available_quantity: 50 }), 2),
    );
    expect(shop.calls).toEqual([]);
    expect(lines(store)).toEqual([
      [1, 3],
      [4, 2],
    ]);
    expect(store.getState().cart.offlineChanges.map((c) => [c.product, c.quantity])).toEqual([
      [1, 3],
      [2, 0],
      [4, 2],
    ]);

    online = true;
    await store.dispatch(sendOfflineChanges());
    expect(shop.calls.filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /cart/update/ {"cart_products":[{"product":1,"quantity":3}]}',
      'DELETE /cart/remove/2/',
      'POST /cart/update/ {"cart_products":[{"product":4,"quantity":2}]}',
    ]);
    expect([...shop.cart]).toEqual([
      [1, 3],
      [4, 2],
    ]);
    expect(lines(store)).toEqual([
      [1, 3],
      [4, 2],
    ]);
    expect(store.getState().cart.offlineChanges).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith(OFFLINE_CART_SENT, expect.anything());

    // Sent once: a second reconnect sends nothing.
    shop.calls.length = 0;
    await store.dispatch(sendOfflineChanges());
    expect(shop.calls).toEqual([]);
  });

  it('are capped at the stock the server has by then, with its warning, and a new price is named', async () => {
    const store = await customerWithCart([[2, 1]]);
    online = false;
    await store.dispatch(changeQuantity(2, 3));
    // Meanwhile the stock falls to 2 and the price rises.
    shop.catalogue.get(2)!.stock = 2;
    shop.catalogue.get(2)!.price = 950;

    online = true;
    await store.dispatch(sendOfflineChanges());
    expect([...shop.cart]).toEqual([[2, 2]]);
    expect(lines(store)).toEqual([[2, 2]]);
    expect(toast.warning).toHaveBeenCalledWith('Only 2 items available in stock', expect.anything());
    expect(toast.info).toHaveBeenCalledWith('Ghee 1 L: the price is now Rs 950.');
  });

  it('a line added then removed offline is sent without a warning (the server never had it)', async () => {
    const store = await customerWithCart([[1, 1]]);
    online = false;
    await store.dispatch(
      addLine(toCartLine({ id: 4, title: tea.title, selling_price: 120, total_available_quantity: 50 }), 1),
    );
    await store.dispatch(removeLine(4));
    expect(lines(store)).toEqual([[1, 1]]);

    online = true;
    await store.dispatch(sendOfflineChanges());
    // The server answers the removal 404 "Product 4 is not in your cart.": the line is not there,
    // which is what the shopper asked for.
    expect(shop.calls.filter((c) => !c.startsWith('GET'))).toEqual(['DELETE /cart/remove/4/']);
    expect([...shop.cart]).toEqual([[1, 1]]);
    expect(lines(store)).toEqual([[1, 1]]);
    expect(toast.warning).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(store.getState().cart.offlineChanges).toEqual([]);
  });

  it('stay kept when the line drops again while they are sent', async () => {
    const store = await customerWithCart([[1, 1]]);
    online = false;
    await store.dispatch(changeQuantity(1, 2));
    online = true;
    shop.failNext(/cart\/update/, 'network');
    await store.dispatch(sendOfflineChanges());
    expect(store.getState().cart.offlineChanges.map((c) => [c.product, c.quantity])).toEqual([[1, 2]]);
    expect([...shop.cart]).toEqual([[1, 1]]);
    await store.dispatch(sendOfflineChanges());
    expect([...shop.cart]).toEqual([[1, 2]]);
  });
});
