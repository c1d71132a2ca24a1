import type { Cart as ServerCart } from '@pasal/contract/cart';
import { describe, expect, it } from 'vitest';
import { product } from '../../test/fake-shop-server';
import { loggedIn, loggedOut } from '../auth/auth-slice';
import { type CartState, cartActions, cartSlice, initialCartState, type NewCartLine } from './cart-slice';
import type { PromoResult } from './promo';

const reduce = cartSlice.reducer;
const {
  itemAdded,
  quantityChanged,
  itemRemoved,
  cleared,
  requestStarted,
  serverCartReceived,
  fetchFailed,
  changeFailed,
  mergeLineSettled,
  promoApplyStarted,
  promoApplied,
  promoFailed,
  promoRemoved,
  promoErrorCleared,
} = cartActions;

const line = (id: number, rate: number, stock?: number): NewCartLine => ({
  id,
  product: id,
  rate,
  selling_price: rate,
  marked_price: rate * 2,
  title: `Item ${id}`,
  category: 'Test',
  image: '/x.jpg',
  short_description: '',
  stock,
  product_detail: {
    id,
    title: `Item ${id}`,
    nepali_title: '',
    description: '',
    short_description: '',
    marked_price: rate * 2,
    selling_price: rate,
    primary_image: null,
  },
});

/** A server cart as the API answers it: [product id, rate, quantity, stock]. */
function serverCart(lines: [number, number, number, number][]): ServerCart {
  const cart_products = lines.map(([id, rate, quantity, stock], i) => ({
    id: 900 + i,
    product: id,
    quantity,
    rate,
    subtotal: Math.round(rate * 100 * quantity) / 100,
    is_available: stock >= quantity,
    available_quantity: stock,
    product_detail: { ...product({ id, title: `Server ${id}`, price: rate, marked: rate + 10, stock }) },
  }));
  const total = cart_products
    .filter((l) => l.is_available)
    .reduce((s, l) => s + Math.round(l.subtotal * 100), 0);
  return { id: 1, total: total / 100, cart_products };
}

const welcome10: PromoResult = {
  code: 'WELCOME10',
  discount_type: 'percentage',
  discount_value: 10,
  minimum_amount: 500,
  maximum_discount: 300,
  message: 'Promo code applied successfully!',
  is_valid: true,
  is_applied: true,
};
const flat50: PromoResult = {
  ...welcome10,
  code: 'FLAT50',
  discount_type: 'fixed',
  discount_value: 50,
  minimum_amount: 200,
  maximum_discount: null,
};

const login = (user = 7) => loggedIn({ access: 'a', refresh: 'r', user_id: user });

/** A logged-in customer's cart holding the server's lines. */
function customerCart(lines: [number, number, number, number][]): CartState {
  return reduce(reduce(initialCartState, login()), serverCartReceived({ cart: serverCart(lines) }));
}

describe('visitor cart', () => {
  it('adds a line and sums rate × quantity in paisa', () => {
    let s = reduce(initialCartState, itemAdded({ line: line(1, 120.55), quantity: 3 }));
    s = reduce(s, itemAdded({ line: line(2, 0.1), quantity: 1 }));
    s = reduce(s, itemAdded({ line: line(3, 0.2), quantity: 1 }));
    expect(s.items[0].subtotal).toBe(361.65);
    expect(s.totalItems).toBe(5);
    expect(s.totalAmount).toBe(361.95); // not 361.95000000000005
    expect(s.finalAmount).toBe(361.95);
  });

  it('increases the quantity of a product already in the cart, never above the stock', () => {
    let s = reduce(initialCartState, itemAdded({ line: line(1, 10, 3), quantity: 2 }));
    s = reduce(s, itemAdded({ line: line(1, 10, 3), quantity: 1 }));
    expect(s.items).toHaveLength(1);
    expect(s.items[0].quantity).toBe(3);
    s = reduce(s, itemAdded({ line: line(1, 10, 3), quantity: 5 }));
    expect(s.items[0].quantity).toBe(3);
    expect(s.totalAmount).toBe(30);
  });

  it('refuses out-of-stock products', () => {
    expect(reduce(initialCartState, itemAdded({ line: line(1, 10, 0), quantity: 1 })).items).toHaveLength(0);
  });

  it('keeps quantities within 1..stock and removes lines', () => {
    let s = reduce(initialCartState, itemAdded({ line: line(1, 10, 4), quantity: 1 }));
    s = reduce(s, itemAdded({ line: line(2, 5), quantity: 1 }));
    s = reduce(s, quantityChanged({ product: 1, quantity: 9 }));
    expect(s.items[0].quantity).toBe(4);
    s = reduce(s, quantityChanged({ product: 1, quantity: 0 }));
    expect(s.items[0].quantity).toBe(1);
    s = reduce(s, itemRemoved({ product: 1 }));
    expect(s.items.map((i) => i.product)).toEqual([2]);
    expect([s.totalItems, s.totalAmount]).toEqual([1, 5]);
  });

  it('clears everything', () => {
    let s = reduce(initialCartState, itemAdded({ line: line(1, 10), quantity: 3 }));
    s = reduce(s, cleared());
    expect([s.items, s.totalItems, s.totalAmount, s.finalAmount]).toEqual([[], 0, 0, 0]);
  });

  it('ignores a server answer: a visitor cart is local', () => {
    const s = reduce(initialCartState, serverCartReceived({ cart: serverCart([[1, 10, 1, 5]]) }));
    expect(s.items).toEqual([]);
  });
});

describe('customer cart (replaced by the server answer)', () => {
  it('maps the server lines into the cart item fields and takes the totals from them', () => {
    const s = customerCart([
      [4, 99.5, 2, 10],
      [5, 250, 1, 3],
    ]);
    expect(s.items[0]).toEqual({
      id: 900,
      product: 4,
      quantity: 2,
      rate: 99.5,
      subtotal: 199,
      selling_price: 99.5,
      marked_price: 109.5,
      title: 'Server 4',
      category: 'Test',
      image: '/default-image.jpg',
      short_description: '',
      product_detail: {
        id: 4,
        title: 'Server 4',
        nepali_title: '',
        description: '',
        short_description: '',
        marked_price: 109.5,
        selling_price: 99.5,
        primary_image: null,
      },
      stock: 10,
      slug: 'product-4',
      is_available: true,
    });
    expect([s.totalItems, s.totalAmount, s.finalAmount, s.isLoading, s.error]).toEqual([
      3,
      449,
      449,
      false,
      null,
    ]);
  });

  it('shows an unavailable line but leaves it out of the total', () => {
    const s = customerCart([
      [4, 100, 2, 10],
      [5, 250, 3, 1],
    ]);
    expect(s.items.map((i) => [i.product, i.is_available, i.stock])).toEqual([
      [4, true, 10],
      [5, false, 1],
    ]);
    expect(s.totalAmount).toBe(200);
    expect(s.totalItems).toBe(5);
  });

  it('the next answer replaces the cart whole; an empty answer empties it', () => {
    let s = customerCart([[4, 100, 2, 10]]);
    s = reduce(s, serverCartReceived({ cart: serverCart([[6, 30, 1, 5]]) }));
    expect(s.items.map((i) => i.product)).toEqual([6]);
    s = reduce(s, serverCartReceived({ cart: null }));
    expect([s.items, s.totalAmount]).toEqual([[], 0]);
  });

  it('tracks a request: loading, then the answer, a refused change or a failed fetch', () => {
    let s = reduce(customerCart([[4, 100, 2, 10]]), requestStarted());
    expect([s.isLoading, s.error]).toEqual([true, null]);
    s = reduce(s, changeFailed());
    expect([s.isLoading, s.items.length]).toEqual([false, 1]);
    s = reduce(reduce(s, requestStarted()), fetchFailed({ message: 'Failed to fetch cart' }));
    expect([s.isLoading, s.error]).toEqual([false, 'Failed to fetch cart']);
    s = reduce(reduce(s, requestStarted()), serverCartReceived({ cart: serverCart([]) }));
    expect([s.isLoading, s.error]).toEqual([false, null]);
  });
});

describe('login and logout', () => {
  const visitorCart = () => {
    let s = reduce(initialCartState, itemAdded({ line: line(1, 10, 5), quantity: 2 }));
    s = reduce(s, itemAdded({ line: line(2, 20, 5), quantity: 1 }));
    return s;
  };

  it('on login queues each visitor line for the server and keeps it on show until the server cart comes', () => {
    const s = reduce(visitorCart(), login(7));
    expect(s.owner).toBe('7');
    expect(s.pendingMerge).toEqual([
      { product: 1, quantity: 2, title: 'Item 1' },
      { product: 2, quantity: 1, title: 'Item 2' },
    ]);
    expect(s.items).toHaveLength(2);
    // Each posted line leaves the queue once; the server's cart then replaces the local one.
    let t = reduce(s, mergeLineSettled({ product: 1 }));
    t = reduce(t, mergeLineSettled({ product: 1 }));
    expect(t.pendingMerge.map((l) => l.product)).toEqual([2]);
    t = reduce(
      reduce(t, mergeLineSettled({ product: 2 })),
      serverCartReceived({ cart: serverCart([[1, 10, 3, 5]]) }),
    );
    expect(t.items.map((i) => [i.product, i.quantity])).toEqual([[1, 3]]);
  });

  it('a second login of the same customer queues nothing again', () => {
    let s = reduce(visitorCart(), login(7));
    s = reduce(s, mergeLineSettled({ product: 1 }));
    s = reduce(s, login(7));
    expect(s.pendingMerge.map((l) => l.product)).toEqual([2]);
  });

  it('another customer logging in without a logout gets none of the first one’s cart', () => {
    let s = customerCart([[4, 100, 2, 10]]);
    s = reduce(s, login(8));
    expect([s.owner, s.items, s.pendingMerge]).toEqual(['8', [], []]);
  });

  it('logout (and session expiry) leaves an empty visitor cart', () => {
    let s = customerCart([[4, 100, 2, 10]]);
    s = reduce(s, promoApplied({ promo: flat50, discountAmount: 50 }));
    s = reduce(s, loggedOut());
    expect(s).toEqual(initialCartState);
    // An answer still on its way is nobody's now.
    expect(reduce(s, serverCartReceived({ cart: serverCart([[4, 100, 2, 10]]) })).items).toEqual([]);
  });
});

describe('promo (input → applying → applied or failed)', () => {
  it('applying, then applied: the code, the discount and the final amount', () => {
    let s = customerCart([[4, 600, 1, 10]]);
    s = reduce(s, promoApplyStarted());
    expect([s.promoLoading, s.promoError]).toEqual([true, null]);
    s = reduce(s, promoApplied({ promo: welcome10, discountAmount: 60 }));
    expect([s.promoLoading, s.promoCode, s.discountAmount, s.finalAmount]).toEqual([
      false,
      'WELCOME10',
      60,
      540,
    ]);
    expect(s.promo).toEqual(welcome10);
  });

  it('applying, then failed: the message, nothing applied', () => {
    let s = reduce(customerCart([[4, 600, 1, 10]]), promoApplyStarted());
    s = reduce(s, promoFailed({ message: 'Invalid promo code' }));
    expect([s.promoLoading, s.promoError, s.promoCode, s.discountAmount, s.finalAmount]).toEqual([
      false,
      'Invalid promo code',
      null,
      0,
      600,
    ]);
    expect(reduce(s, promoErrorCleared()).promoError).toBeNull();
  });

  it('removing clears the discount and the error', () => {
    let s = reduce(customerCart([[4, 600, 1, 10]]), promoApplied({ promo: welcome10, discountAmount: 60 }));
    s = { ...s, promoError: 'stale' };
    s = reduce(s, promoRemoved());
    expect([s.promo, s.promoCode, s.discountAmount, s.promoError, s.finalAmount]).toEqual([
      null,
      null,
      0,
      null,
      600,
    ]);
  });

  it('a percentage is total × value / 100, rounded half up to the paisa, capped at the maximum', () => {
    let s = reduce(
      customerCart([[4, 600.05, 1, 10]]),
      promoApplied({ promo: welcome10, discountAmount: 60.01 }),
    );
    s = reduce(s, serverCartReceived({ cart: serverCart([[4, 600.05, 2, 10]]) }));
    expect(s.discountAmount).toBe(120.01); // 120.010 of 1200.10
    expect(s.finalAmount).toBe(1080.09);
    s = reduce(s, serverCartReceived({ cart: serverCart([[4, 600.05, 9, 10]]) }));
    expect(s.discountAmount).toBe(300); // 540.045 capped
    const half = { ...welcome10, discount_value: 12.5, maximum_discount: null, minimum_amount: 0 };
    s = reduce(customerCart([[4, 0.2, 1, 10]]), promoApplied({ promo: half, discountAmount: 0.03 }));
    s = reduce(s, serverCartReceived({ cart: serverCart([[4, 0.2, 2, 10]]) }));
    expect(s.discountAmount).toBe(0.05); // 40 paisa × 12.5 % = 5 paisa exactly
    s = reduce(s, serverCartReceived({ cart: serverCart([[4, 0.2, 1, 10]]) }));
    expect(s.discountAmount).toBe(0.03); // 2.5 paisa rounds half up
  });

  it('a fixed discount is the lesser of its value and the total: the final amount is never below 0', () => {
    const big = { ...flat50, discount_value: 500, minimum_amount: 0 };
    let s = reduce(customerCart([[4, 600, 1, 10]]), promoApplied({ promo: big, discountAmount: 500 }));
    expect(s.finalAmount).toBe(100);
    s = reduce(s, serverCartReceived({ cart: serverCart([[4, 120, 1, 10]]) }));
    expect([s.discountAmount, s.finalAmount]).toEqual([120, 0]);
  });

  it('refuses a promo whose minimum the cart does not reach (enforced on the client too)', () => {
    let s = reduce(customerCart([[4, 499.99, 1, 10]]), promoApplyStarted());
    s = reduce(s, promoApplied({ promo: welcome10, discountAmount: 50 }));
    expect([s.promoLoading, s.promoCode, s.discountAmount]).toEqual([false, null, 0]);
    expect(s.promoError).toBe('Minimum order amount of Rs 500 is required to apply this promo code.');
  });

  it('checks the promo again when the cart changes: below the minimum it is lost with the message', () => {
    let s = reduce(customerCart([[4, 150, 2, 10]]), promoApplied({ promo: flat50, discountAmount: 50 }));
    expect(s.finalAmount).toBe(250);
    s = reduce(s, serverCartReceived({ cart: serverCart([[4, 150, 1, 10]]) }));
    expect([s.promo, s.promoCode, s.discountAmount, s.finalAmount]).toEqual([null, null, 0, 150]);
    expect(s.promoError).toBe('Minimum order amount of Rs 200 is required to apply this promo code.');
  });

  it('an exactly met minimum keeps the promo', () => {
    let s = reduce(customerCart([[4, 100, 2, 10]]), promoApplied({ promo: flat50, discountAmount: 50 }));
    s = reduce(s, serverCartReceived({ cart: serverCart([[4, 100, 2, 10]]) }));
    expect([s.promoCode, s.finalAmount]).toEqual(['FLAT50', 150]);
  });
});
