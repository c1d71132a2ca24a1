import { msg, t } from './i18n';

/**
 * The API answers in English (the spec's texts). What the storefront shows of an answer goes
 * through here: a known text is translated, a text with a number in it is matched by its shape,
 * and an unknown text is shown as it came.
 */
const SHAPES: [RegExp, string][] = [
  [/^Only (\d+) items available in stock$/, msg('Only {{count, n}} items available in stock')],
  [
    /^You can buy at most (\d+) of this flash sale item\.$/,
    msg('You can buy at most {{count, n}} of this flash sale item.'),
  ],
  [
    /^You can buy at most (\d+) of this flash sale item\. You have already ordered (\d+)\.$/,
    msg('You can buy at most {{count, n}} of this flash sale item. You have already ordered {{bought, n}}.'),
  ],
  [
    /^Minimum order amount of Rs ([\d.]+) is required to apply this promo code\.$/,
    msg('Minimum order amount of Rs {{amount, n}} is required to apply this promo code.'),
  ],
];

// Fixed texts the API sends that the storefront shows (packages/contract/src/shop-texts.ts and
// the routes' messages), listed so the catalogue test requires their Nepali.
export const SERVER_TEXTS = [
  msg('Only orders in "Order Processing" status can be cancelled.'),
  msg('Your order has been cancelled.'),
  // A person's name (sign-up, profile)
  msg('First name is required'),
  msg('Middle name is required'),
  msg('Last name is required'),
  msg('First name must contain only letters'),
  msg('Middle name must contain only letters'),
  msg('Last name must contain only letters'),
  msg('First name must be at most 100 characters'),
  msg('Middle name must be at most 100 characters'),
  msg('Last name must be at most 100 characters'),
  msg('Phone number should not be more than 15 digits.'),
  msg('Thank you for your review!'),
  // Address types (Home and Other are said elsewhere too)
  msg('Work'),
  // Order statuses
  msg('Order Processing'),
  msg('Packed'),
  msg('Out for Delivery'),
  msg('Delivered'),
  msg('Cancelled'),
  msg('Same day'),
  msg('Next day'),
  msg('Promo code applied successfully!'),
  msg('Wishlist item ID not found'),
  msg('Item removed from wishlist'),
  msg('Please enter a valid promo code'),
  msg('Invalid promo code'),
  msg('This promo code is no longer active.'),
  msg('This promo code is not active yet.'),
  msg('This promo code has expired.'),
  msg('This promo code has reached its usage limit.'),
  msg('You have already used this promo code the maximum number of times.'),
  msg('Your cart is empty. Add items to your cart before applying a promo code.'),
];

export function translateText(text: string | null | undefined): string {
  if (!text) return '';
  for (const [shape, key] of SHAPES) {
    const m = shape.exec(text);
    if (!m) continue;
    const count = Number(m[1]);
    return t(key, { count, amount: count, bought: m[2] === undefined ? undefined : Number(m[2]) });
  }
  return t(text);
}
