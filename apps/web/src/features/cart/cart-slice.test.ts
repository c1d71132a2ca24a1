import { describe, expect, it } from 'vitest';
import { cartActions, cartSlice, initialCartState, type NewCartLine } from './cart-slice';

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
const reduce = cartSlice.reducer;

describe('cart reducer', () => {
  it('adds a line and derives the totals', () => {
    const s = reduce(initialCartState, cartActions.itemAdded({ line: line(1, 120.5), quantity: 2 }));
    expect(s.items).toHaveLength(1);
    expect(s.items[0].subtotal).toBe(241);
    expect(s.totalItems).toBe(2);
    expect(s.totalAmount).toBe(241);
    expect(s.finalAmount).toBe(241);
  });

  it('increases the quantity of a product already in the cart, never above the stock', () => {
    let s = reduce(initialCartState, cartActions.itemAdded({ line: line(1, 10, 3), quantity: 2 }));
    s = reduce(s, cartActions.itemAdded({ line: line(1, 10, 3), quantity: 1 }));
    expect(s.items).toHaveLength(1);
    expect(s.items[0].quantity).toBe(3);
    s = reduce(s, cartActions.itemAdded({ line: line(1, 10, 3), quantity: 5 }));
    expect(s.items[0].quantity).toBe(3);
    expect(s.totalAmount).toBe(30);
  });

  it('refuses out-of-stock products', () => {
    const s = reduce(initialCartState, cartActions.itemAdded({ line: line(1, 10, 0), quantity: 1 }));
    expect(s.items).toHaveLength(0);
  });

  it('changes quantities within 1..stock and removes lines', () => {
    let s = reduce(initialCartState, cartActions.itemAdded({ line: line(1, 10, 4), quantity: 1 }));
    s = reduce(s, cartActions.itemAdded({ line: line(2, 5), quantity: 1 }));
    s = reduce(s, cartActions.quantityChanged({ product: 1, quantity: 9 }));
    expect(s.items[0].quantity).toBe(4);
    s = reduce(s, cartActions.quantityChanged({ product: 1, quantity: 0 }));
    expect(s.items[0].quantity).toBe(1);
    s = reduce(s, cartActions.itemRemoved({ product: 1 }));
    expect(s.items.map((i) => i.product)).toEqual([2]);
    expect(s.totalItems).toBe(1);
    expect(s.totalAmount).toBe(5);
  });

  it('never lets the final amount go below zero', () => {
    let s = reduce(initialCartState, cartActions.itemAdded({ line: line(1, 10), quantity: 1 }));
    s = { ...s, discountAmount: 50 };
    s = reduce(s, cartActions.quantityChanged({ product: 1, quantity: 2 }));
    expect(s.finalAmount).toBe(0);
  });

  it('buy now replaces the cart with one line and clears the promo', () => {
    let s = reduce(initialCartState, cartActions.itemAdded({ line: line(1, 10), quantity: 3 }));
    s = { ...s, promoCode: 'FLAT50', discountAmount: 5, promoError: 'x' };
    s = reduce(s, cartActions.buyNowSet({ line: line(2, 25), quantity: 2 }));
    expect(s.items.map((i) => [i.product, i.quantity])).toEqual([[2, 2]]);
    expect(s.promoCode).toBeNull();
    expect(s.discountAmount).toBe(0);
    expect(s.totalAmount).toBe(50);
    expect(s.finalAmount).toBe(50);
  });

  it('clears everything', () => {
    let s = reduce(initialCartState, cartActions.itemAdded({ line: line(1, 10), quantity: 3 }));
    s = reduce(s, cartActions.cleared());
    expect(s.items).toEqual([]);
    expect(s.totalItems).toBe(0);
    expect(s.totalAmount).toBe(0);
  });
});
