// Texts and amounts the server sends and the storefront shows for the cart, promo codes and the
// wishlist. Kept free of zod so the storefront's always-loaded code can use them cheaply.

/** The answer to a quantity beyond the product's stock (shopping.md §8); n is the stock. */
export const onlyInStock = (n: number) => `Only ${n} items available in stock`;

/** A cart line beyond what one order may carry (the checkout's MAX_LINE_QUANTITY). */
export const atMostPerOrder = (max: number) => `You can order at most ${max} of one product at a time.`;

/**
 * The answer to a quantity beyond a flash sale's per-customer limit (decision 038); `bought` is
 * what the customer already ordered in the sale.
 */
export const atMostInFlashSale = (limit: number, bought: number) =>
  `You can buy at most ${limit} of this flash sale item.${bought > 0 ? ` You have already ordered ${bought}.` : ''}`;

export const PROMO_APPLIED = 'Promo code applied successfully!';

export const WISHLIST_ENTRY_NOT_FOUND = 'Wishlist item ID not found';
export const WISHLIST_ENTRY_REMOVED = 'Item removed from wishlist';

/** "Rs 500" for whole rupees, "Rs 499.50" otherwise (no digit grouping). */
export function formatRupees(paisa: number): string {
  const rupees = Math.trunc(paisa / 100);
  const rest = paisa % 100;
  return rest === 0 ? `Rs ${rupees}` : `Rs ${rupees}.${String(rest).padStart(2, '0')}`;
}

export const VOUCHER_MESSAGES = {
  blank: 'Please enter a valid promo code',
  invalid: 'Invalid promo code',
  inactive: 'This promo code is no longer active.',
  not_started: 'This promo code is not active yet.',
  expired: 'This promo code has expired.',
  used_up: 'This promo code has reached its usage limit.',
  customer_limit: 'You have already used this promo code the maximum number of times.',
  empty_cart: 'Your cart is empty. Add items to your cart before applying a promo code.',
  below_minimum: (minimumPaisa: number) =>
    `Minimum order amount of ${formatRupees(minimumPaisa)} is required to apply this promo code.`,
} as const;
