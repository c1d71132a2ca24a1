import { currentLanguage, msg, t } from './i18n';

/**
 * The API answers in English (the spec's texts). What the storefront shows of an answer goes
 * through here: a known text is translated, a text with a number in it is matched by its shape,
 * and an unknown text is shown as it came.
 */
type Shape = [RegExp, string, (m: RegExpExecArray) => Record<string, unknown>];
const count = (m: RegExpExecArray) => ({ count: Number(m[1]), amount: Number(m[1]) });

const SHAPES: Shape[] = [
  [/^Only (\d+) items available in stock$/, msg('Only {{count, n}} items available in stock'), count],
  [
    /^You can buy at most (\d+) of this flash sale item\.$/,
    msg('You can buy at most {{count, n}} of this flash sale item.'),
    count,
  ],
  [
    /^You can buy at most (\d+) of this flash sale item\. You have already ordered (\d+)\.$/,
    msg('You can buy at most {{count, n}} of this flash sale item. You have already ordered {{bought, n}}.'),
    (m) => ({ count: Number(m[1]), bought: Number(m[2]) }),
  ],
  [
    /^Minimum order amount of Rs ([\d.]+) is required to apply this promo code\.$/,
    msg('Minimum order amount of Rs {{amount, n}} is required to apply this promo code.'),
    count,
  ],
  // Buy again (contract's buyAgainMessage) and why a line could not go back into the cart.
  [/^Added (\d+) items? to your cart\.$/, msg('Added {{count, n}} items to your cart.'), count],
  [
    /^Added (\d+) items? to your cart; (\d+) could not be added\.$/,
    msg('Added {{count, n}} items to your cart; {{left, n}} could not be added.'),
    (m) => ({ count: Number(m[1]), left: Number(m[2]) }),
  ],
  // A wallet's answer when a payment could not start (the API's walletUnreachable and its refusal).
  [
    /^(eSewa|Khalti) could not be reached\. Please try again or choose another payment method\.$/,
    msg('{{wallet}} could not be reached. Please try again or choose another payment method.'),
    (m) => ({ wallet: m[1] }),
  ],
  [
    /^(eSewa|Khalti) refused this payment\. Please choose another payment method\.$/,
    msg('{{wallet}} refused this payment. Please choose another payment method.'),
    (m) => ({ wallet: m[1] }),
  ],
  [/^(.+) is no longer available\.$/, msg('{{title}} is no longer available.'), (m) => ({ title: m[1] })],
  [/^(.+) is out of stock\.$/, msg('{{title}} is out of stock.'), (m) => ({ title: m[1] })],
];

// Fixed texts the API sends that the storefront shows (packages/contract/src/shop-texts.ts and
// the routes' messages), listed so the catalogue test requires their Nepali.
export const SERVER_TEXTS = [
  // Checkout's Idempotency-Key (packages/contract/src/checkout.ts)
  msg('A request with this Idempotency-Key is still being processed. Please try again in a moment.'),
  // Delivery slots (packages/contract/src/delivery-slots.ts)
  msg('Please choose a delivery slot.'),
  msg('This delivery slot is not offered for your address. Please choose another.'),
  msg('This delivery slot is no longer taking orders. Please choose another.'),
  msg('This delivery slot is full. Please choose another.'),
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
  msg('Nothing from this order could be added to your cart.'),
  // "Notify me" (packages/contract/src/back-in-stock.ts)
  msg('This product is in stock now: you can order it.'),
  msg('This product was not found.'),
  msg('Your e-mail address is not verified yet. Verify it in your profile, or choose SMS.'),
  msg('Your account has no verified phone number. Choose e-mail instead.'),
  msg('Notification request not found'),
  msg('We will not notify you about this product.'),
  // The rider's screen (packages/contract/src/riders.ts, orders.ts)
  msg('Enter the cash you collected.'),
  msg('This order is paid online: no cash is collected.'),
  msg('Order not found.'),
  // Checkout with a wallet (modules/checkout/checkout-service.ts)
  msg('Khalti accepts payments of Rs 10 or more. Please choose another payment method.'),
  msg('This order has nothing to pay online. Please choose Cash on Delivery.'),
  // Pay now and the return page's check (modules/payments/payments-routes.ts)
  msg('Too many payment attempts. Please wait a few minutes and try again.'),
  msg('Too many payment checks. Please wait a minute and try again.'),
  // Promo codes tried at /voucher/apply/ or at checkout (modules/vouchers/promo-tries.ts)
  msg('Too many promo codes tried. Please wait a few minutes and try again.'),
  // A profile picture (modules/profile/avatar-service.ts)
  msg('Too many picture uploads. Please try again later.'),
];

export function translateText(text: string | null | undefined): string {
  if (!text) return '';
  // English is what the API wrote (its "1 item", not the key's "1 items").
  if (currentLanguage() === 'en') return text;
  for (const [shape, key, values] of SHAPES) {
    const m = shape.exec(text);
    if (m) return t(key, values(m));
  }
  return t(text);
}
