import { atMostInFlashSale } from '@pasal/contract/shop-texts';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeShop, fakeShop } from '../../test/fake-shop-server';
import { makeStore } from '../../test/render';
import { loggedIn, loggedOut } from '../auth/auth-slice';
import { toCartLine } from './cart-line';
import {
  addLine,
  applyPromo,
  changeQuantity,
  clearCart,
  fetchCart,
  removeLine,
  syncCustomerCart,
} from './cart-thunks';

vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() }),
}));
// The shop's lazy toast module hands every toast to the (mocked) react-toastify at once.
vi.mock('../../lib/toast', async () => ({ toast: (await import('react-toastify')).toast }));

const rice = { id: 1, title: 'Rice 5 kg', price: 650, stock: 10 };
const ghee = { id: 2, title: 'Ghee 1 L', price: 900.5, stock: 3 };
const salt = { id: 3, title: 'Salt 1 kg', price: 25, stock: 0 };
const tea = { id: 4, title: 'Tea 500 g', price: 120, stock: 50 };

const asLine = (p: { id: number; title: string; price: number; stock: number }) =>
  toCartLine({ id: p.id, title: p.title, selling_price: p.price, total_available_quantity: p.stock });

let shop: FakeShop;
beforeEach(() => {
  vi.clearAllMocks();
  shop = fakeShop([rice, ghee, salt, tea]);
});
afterEach(() => shop.restore());

const login = (user = 7) => loggedIn({ access: 'token', refresh: 'r', user_id: user });
const lines = (store: ReturnType<typeof makeStore>) =>
  store.getState().cart.items.map((i) => [i.product, i.quantity]);

describe('login merge', () => {
  it('posts each visitor line, then shows the server cart: lines merged, nothing lost or doubled', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(rice), 2));
    await store.dispatch(addLine(asLine(tea), 1));
    shop.seedCart([
      [4, 3],
      [2, 1],
    ]); // already in the customer's server cart
    store.dispatch(login());
    await store.dispatch(syncCustomerCart());
    expect(shop.calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /cart/add/ {"cart_products":[{"product":1,"quantity":2}]}',
      'POST /cart/add/ {"cart_products":[{"product":4,"quantity":1}]}',
    ]);
    expect(lines(store)).toEqual([
      [4, 4],
      [2, 1],
      [1, 2],
    ]);
    const cart = store.getState().cart;
    expect([cart.pendingMerge, cart.isLoading, cart.totalAmount]).toEqual([[], false, 480 + 900.5 + 1300]);
  });

  it('caps a line at the stock with the warning', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(ghee), 3));
    shop.seedCart([[2, 2]]);
    store.dispatch(login());
    await store.dispatch(syncCustomerCart());
    expect(lines(store)).toEqual([[2, 3]]);
    expect(toast.warning).toHaveBeenCalledWith('Only 3 items available in stock', expect.anything());
  });

  it('lowers a line to what a flash sale still allows the customer, with the server’s message', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(tea), 8));
    shop.seedCart([[4, 1]]);
    const message = atMostInFlashSale(5, 1);
    // Limit 5, 1 already ordered in the sale: the cart may hold 4 in all.
    shop.failNext(/^POST \/cart\/add\//, {
      status: 400,
      body: { message, product: 4, flash_sale_limit: 5, flash_sale_room: 4 },
    });
    store.dispatch(login());
    await store.dispatch(syncCustomerCart());
    expect(shop.calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /cart/add/ {"cart_products":[{"product":4,"quantity":8}]}',
      'POST /cart/update/ {"cart_products":[{"product":4,"quantity":4}]}',
    ]);
    expect(lines(store)).toEqual([[4, 4]]);
    expect(toast.warning).toHaveBeenCalledWith(message, expect.anything());
  });

  it('drops a line the server will not sell, saying why, and merges the rest', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(rice), 1));
    await store.dispatch(addLine({ ...asLine(salt), stock: 4 }, 1)); // seen in stock earlier
    shop.catalogue.get(1)!.stock = 0;
    store.dispatch(login());
    await store.dispatch(syncCustomerCart());
    expect(toast.warning).toHaveBeenCalledWith('Rice 5 kg is out of stock.');
    expect(toast.warning).toHaveBeenCalledWith('Salt 1 kg is out of stock.');
    expect(lines(store)).toEqual([]);
    expect(store.getState().cart.pendingMerge).toEqual([]);
  });

  it('logging in twice merges once', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(rice), 2));
    store.dispatch(login());
    const first = store.dispatch(syncCustomerCart());
    store.dispatch(login());
    const second = store.dispatch(syncCustomerCart());
    await Promise.all([first, second]);
    await store.dispatch(syncCustomerCart());
    expect(shop.calls.filter((c) => c.startsWith('POST /cart/add/'))).toHaveLength(1);
    expect(lines(store)).toEqual([[1, 2]]);
  });

  it('an interrupted merge keeps only the lines not yet posted, and finishes later', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(rice), 2));
    await store.dispatch(addLine(asLine(tea), 1));
    store.dispatch(login());
    shop.failNext(/^POST \/cart\/add\/ .*"product":4/, 'network');
    await store.dispatch(syncCustomerCart());
    expect(store.getState().cart.error).toBe('Failed to fetch cart');
    expect(store.getState().cart.pendingMerge.map((l) => l.product)).toEqual([4]);
    await store.dispatch(syncCustomerCart()); // the next try (a retry or the next start)
    expect(store.getState().cart.pendingMerge).toEqual([]);
    expect(lines(store)).toEqual([
      [1, 2],
      [4, 1],
    ]);
    expect(store.getState().cart.error).toBeNull();
    expect(shop.calls.filter((c) => c.includes('"product":1,'))).toHaveLength(1);
  });

  it('a line whose answer was lost (the server took it) is not posted again', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(rice), 2));
    shop.seedCart([[1, 1]]);
    store.dispatch(login());
    shop.failNext(/^POST \/cart\/add\//, 'lost');
    await store.dispatch(syncCustomerCart());
    expect(store.getState().cart.pendingMerge).toHaveLength(1); // not known to be posted
    await store.dispatch(syncCustomerCart());
    expect(shop.cart.get(1)).toBe(3); // 1 already there + 2, once
    expect(lines(store)).toEqual([[1, 3]]);
    expect(store.getState().cart.pendingMerge).toEqual([]);
  });

  it('a server error keeps every line for the next try', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(rice), 2));
    store.dispatch(login());
    shop.failNext(/^POST \/cart\/add\//, { status: 503, body: { message: 'Down' } });
    await store.dispatch(syncCustomerCart());
    expect(store.getState().cart.pendingMerge).toHaveLength(1);
    expect(shop.cart.size).toBe(0);
    await store.dispatch(syncCustomerCart());
    expect([...shop.cart]).toEqual([[1, 2]]);
  });

  it('logout during the merge stops it and keeps nothing', async () => {
    const store = makeStore();
    await store.dispatch(addLine(asLine(rice), 2));
    await store.dispatch(addLine(asLine(tea), 1));
    store.dispatch(login());
    const release = shop.hold();
    const run = store.dispatch(syncCustomerCart());
    store.dispatch(loggedOut());
    release();
    await run;
    expect(store.getState().cart.items).toEqual([]);
    // The session is gone: nothing more is posted in its name.
    expect(shop.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });
});

describe('customer cart changes go to the server and its answer replaces the cart', () => {
  async function customer() {
    const store = makeStore();
    store.dispatch(login());
    await store.dispatch(fetchCart());
    return store;
  }

  it('add, change the quantity, remove and clear', async () => {
    const store = await customer();
    expect(await store.dispatch(addLine(asLine(rice), 1))).toEqual({ ok: true });
    await store.dispatch(addLine(asLine(ghee), 1));
    await store.dispatch(addLine(asLine(rice), 1));
    expect(lines(store)).toEqual([
      [1, 2],
      [2, 1],
    ]);
    await store.dispatch(changeQuantity(2, 3));
    expect(lines(store)).toEqual([
      [1, 2],
      [2, 3],
    ]);
    await store.dispatch(removeLine(1));
    expect(lines(store)).toEqual([[2, 3]]);
    await store.dispatch(clearCart());
    expect(lines(store)).toEqual([]);
    expect(shop.calls).toEqual([
      'GET /cart/',
      'POST /cart/add/ {"cart_products":[{"product":1,"quantity":1}]}',
      'POST /cart/add/ {"cart_products":[{"product":2,"quantity":1}]}',
      'POST /cart/add/ {"cart_products":[{"product":1,"quantity":1}]}',
      'POST /cart/update/ {"cart_products":[{"product":2,"quantity":3}]}',
      'DELETE /cart/remove/1/',
      'DELETE /cart/clear/',
    ]);
  });

  it('a quantity beyond the stock is refused with the server’s warning and changes nothing', async () => {
    const store = await customer();
    await store.dispatch(addLine(asLine(ghee), 3));
    const outcome = await store.dispatch(changeQuantity(2, 4));
    expect(outcome).toEqual({ ok: false, kind: 'stock', message: 'Only 3 items available in stock' });
    expect(lines(store)).toEqual([[2, 3]]);
    expect(store.getState().cart.isLoading).toBe(false);
  });

  it('a flash sale’s limit per customer is refused with the server’s message, not taken for the stock', async () => {
    const store = await customer();
    await store.dispatch(addLine(asLine(rice), 5));
    const message = atMostInFlashSale(5, 0);
    shop.failNext(/^POST \/cart\/update\//, {
      status: 400,
      body: { message, product: 1, flash_sale_limit: 5 },
    });
    expect(await store.dispatch(changeQuantity(1, 6))).toEqual({ ok: false, kind: 'refused', message });
    expect(lines(store)).toEqual([[1, 5]]);
  });

  it('minus does nothing at 1', async () => {
    const store = await customer();
    await store.dispatch(addLine(asLine(rice), 1));
    const before = shop.calls.length;
    await store.dispatch(changeQuantity(1, 0));
    expect(shop.calls).toHaveLength(before);
  });

  it('a failed fetch shows "Failed to fetch cart"', async () => {
    const store = makeStore();
    store.dispatch(login());
    shop.failNext(/^GET \/cart\/$/, 'network');
    await store.dispatch(fetchCart());
    expect(store.getState().cart.error).toBe('Failed to fetch cart');
  });

  it('an add whose answer was lost but which the server made is an add: no failure, and the next tap adds one more', async () => {
    const store = await customer();
    shop.calls.length = 0;
    // The server added it; the answer never came back. The cart read right after shows it.
    shop.failNext(/^POST \/cart\/add\//, 'lost');
    expect(await store.dispatch(addLine(asLine(rice), 1))).toEqual({ ok: true });
    expect([store.getState().cart.totalItems, store.getState().cart.isLoading]).toEqual([1, false]);
    expect(shop.calls).toEqual([
      'POST /cart/add/ {"cart_products":[{"product":1,"quantity":1}]}',
      'GET /cart/',
    ]);
    await store.dispatch(addLine(asLine(rice), 1));
    expect([...shop.cart]).toEqual([[1, 2]]);
  });

  it('Add To Cart tapped again after a lost answer, the cart unreadable too, leaves one in the cart, not two', async () => {
    const store = await customer();
    shop.calls.length = 0;
    shop.failNext(/^POST \/cart\/add\//, 'lost');
    shop.failNext(/^GET \/cart\//, 'network');
    expect(await store.dispatch(addLine(asLine(rice), 1))).toEqual({
      ok: false,
      kind: 'failed',
      message: 'Failed to add item to cart.',
    });
    // The shopper, told it failed, taps again: the cart is read first, and it holds the add.
    expect(await store.dispatch(addLine(asLine(rice), 1))).toEqual({ ok: true });
    expect([...shop.cart]).toEqual([[1, 1]]);
    expect(lines(store)).toEqual([[1, 1]]);
    expect(shop.calls.at(-1)).toBe('GET /cart/');
    expect(shop.calls.some((call) => call.startsWith('POST /cart/update/'))).toBe(false);
    // Once it was answered, Add To Cart adds again.
    await store.dispatch(addLine(asLine(rice), 1));
    expect([...shop.cart]).toEqual([[1, 2]]);
  });

  it('Add To Cart tapped again after an add that never arrived puts it in once', async () => {
    const store = await customer();
    shop.seedCart([[1, 2]]);
    await store.dispatch(fetchCart());
    shop.failNext(/^POST \/cart\/add\//, 'network');
    shop.failNext(/^GET \/cart\/$/, 'network'); // the read again fails too
    expect((await store.dispatch(addLine(asLine(rice), 1))).ok).toBe(false);
    expect(lines(store)).toEqual([[1, 2]]);
    expect(await store.dispatch(addLine(asLine(rice), 1))).toEqual({ ok: true });
    expect([...shop.cart]).toEqual([[1, 3]]);
  });

  it('a tap long after a lost answer is a new add', async () => {
    const store = await customer();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    shop.failNext(/^POST \/cart\/add\//, 'lost');
    shop.failNext(/^GET \/cart\//, 'network'); // unknown whether it landed
    await store.dispatch(addLine(asLine(rice), 1));
    clock.mockReturnValue(now + 3 * 60_000);
    await store.dispatch(addLine(asLine(rice), 1));
    expect([...shop.cart]).toEqual([[1, 2]]);
    clock.mockRestore();
  });

  it('once the cart was read after a lost add, the next Add To Cart is a real add', async () => {
    const store = await customer();
    shop.failNext(/^POST \/cart\/add\//, 'lost');
    shop.failNext(/^GET \/cart\//, 'network');
    expect((await store.dispatch(addLine(asLine(rice), 1))).ok).toBe(false);
    await store.dispatch(fetchCart()); // the line is back: the cart shows the add
    expect(lines(store)).toEqual([[1, 1]]);
    expect(await store.dispatch(addLine(asLine(rice), 1))).toEqual({ ok: true });
    expect([...shop.cart]).toEqual([[1, 2]]);
  });

  it('a retry never sets the line from the phone’s old view: what another device added stays', async () => {
    const store = await customer();
    shop.seedCart([[1, 3]]); // added on another device; this phone has not read it
    shop.failNext(/^POST \/cart\/add\//, 'network');
    shop.failNext(/^GET \/cart\//, 'network');
    expect((await store.dispatch(addLine(asLine(rice), 1))).ok).toBe(false);
    expect(await store.dispatch(addLine(asLine(rice), 1))).toEqual({ ok: true });
    // Never lowered to what the phone thought (a set of 1 took the other device's 3 away). The
    // phone cannot tell the other device's add from its own, and shows what the server holds.
    const [[, held]] = [...shop.cart];
    expect(held).toBeGreaterThanOrEqual(3);
    expect(lines(store)).toEqual([[1, held]]);
    expect(shop.calls.some((call) => call.startsWith('POST /cart/update/'))).toBe(false);
  });

  it('a change of quantity or a removal that got no answer: the cart is read again', async () => {
    const store = await customer();
    await store.dispatch(addLine(asLine(rice), 1));
    await store.dispatch(addLine(asLine(ghee), 1));
    shop.failNext(/^POST \/cart\/update\//, 'lost');
    expect((await store.dispatch(changeQuantity(1, 3))).ok).toBe(false);
    expect(lines(store)).toEqual([
      [1, 3],
      [2, 1],
    ]);
    shop.failNext(/^DELETE \/cart\/remove\//, 'lost');
    expect((await store.dispatch(removeLine(2))).ok).toBe(false);
    expect(lines(store)).toEqual([[1, 3]]);
    // A refusal is an answer: nothing is read again.
    const before = shop.calls.length;
    await store.dispatch(changeQuantity(1, 99));
    expect(shop.calls.slice(before)).toEqual([
      'POST /cart/update/ {"cart_products":[{"product":1,"quantity":99}]}',
    ]);
  });

  it('removing a line the server no longer has (404) is done: the cart is read, no refusal', async () => {
    const store = await customer();
    await store.dispatch(addLine(asLine(rice), 1));
    await store.dispatch(addLine(asLine(tea), 2));
    shop.cart.delete(1); // removed on another device
    expect(await store.dispatch(removeLine(1))).toEqual({ ok: true });
    expect(lines(store)).toEqual([[4, 2]]);
    expect(shop.calls.slice(-2)).toEqual(['DELETE /cart/remove/1/', 'GET /cart/']);
  });

  it('answers are applied in the order the changes were made', async () => {
    const store = await customer();
    const release = shop.hold();
    const a = store.dispatch(addLine(asLine(rice), 1));
    const b = store.dispatch(changeQuantity(1, 5));
    release();
    await Promise.all([a, b]);
    expect(lines(store)).toEqual([[1, 5]]);
  });
});

describe('applying a promo code', () => {
  async function customerWith(productId: number, quantity: number) {
    const store = makeStore();
    store.dispatch(login());
    shop.seedCart([[productId, quantity]]);
    await store.dispatch(fetchCart());
    return store;
  }

  it('a visitor is asked to log in; nothing is sent', async () => {
    const store = makeStore();
    expect(await store.dispatch(applyPromo('WELCOME10'))).toBeNull();
    expect(store.getState().cart.promoError).toBe('Please login to apply promo codes');
    expect(shop.calls).toEqual([]);
  });

  it('a blank code and an impossible one are refused without a request', async () => {
    const store = await customerWith(1, 1);
    await store.dispatch(applyPromo('   '));
    expect(store.getState().cart.promoError).toBe('Please enter a valid promo code');
    await store.dispatch(applyPromo('NOT A CODE'));
    expect(store.getState().cart.promoError).toBe('Invalid promo code');
    expect(shop.calls).toEqual(['GET /cart/']);
  });

  it('WELCOME10 takes 10 %; the code is sent with the cart total', async () => {
    const store = await customerWith(1, 1);
    const applied = await store.dispatch(applyPromo(' welcome10 '));
    expect(applied?.message).toBe('Promo code applied successfully!');
    expect(shop.calls.at(-1)).toBe('POST /voucher/apply/ {"code":"welcome10","order_total":650}');
    const cart = store.getState().cart;
    expect([cart.promoCode, cart.discountAmount, cart.finalAmount, cart.promoLoading]).toEqual([
      'WELCOME10',
      65,
      585,
      false,
    ]);
  });

  it('the server’s refusal is shown (below the minimum, unknown code)', async () => {
    const store = await customerWith(4, 1);
    await store.dispatch(applyPromo('WELCOME10'));
    expect(store.getState().cart.promoError).toBe(
      'Minimum order amount of Rs 500 is required to apply this promo code.',
    );
    await store.dispatch(applyPromo('NOPE'));
    expect(store.getState().cart.promoError).toBe('Invalid promo code');
  });

  it('with no message from the server: "Failed to apply promo code"', async () => {
    const store = await customerWith(1, 1);
    shop.failNext(/voucher/, 'network');
    await store.dispatch(applyPromo('FLAT50'));
    expect(store.getState().cart.promoError).toBe('Failed to apply promo code');
    shop.failNext(/voucher/, { status: 400, body: { msg: 'Only msg here' } });
    await store.dispatch(applyPromo('FLAT50'));
    expect(store.getState().cart.promoError).toBe('Only msg here');
  });

  it('too many tries: the server’s 429 message is shown', async () => {
    const store = await customerWith(1, 1);
    const message = 'Too many promo codes tried. Please wait a few minutes and try again.';
    shop.failNext(/voucher/, { status: 429, body: { message } });
    await store.dispatch(applyPromo('FLAT50'));
    expect(store.getState().cart.promoError).toBe(message);
  });

  it('a cart that falls below the minimum loses the promo with the message', async () => {
    const store = await customerWith(4, 2); // Rs 240
    await store.dispatch(applyPromo('FLAT50'));
    expect(store.getState().cart.finalAmount).toBe(190);
    await store.dispatch(changeQuantity(4, 1));
    const cart = store.getState().cart;
    expect([cart.promoCode, cart.discountAmount, cart.finalAmount]).toEqual([null, 0, 120]);
    expect(cart.promoError).toBe('Minimum order amount of Rs 200 is required to apply this promo code.');
  });
});
