import { formatRs, formatRs2 } from '../lib/money';
import { currentLanguage, msg, t } from './i18n';

/**
 * The API answers in English (the spec's texts). What the storefront shows of an answer goes
 * through here: a known text is translated, a text with a number in it is matched by its shape,
 * and an unknown text is shown as it came.
 */
type Shape = [RegExp, string, (m: RegExpExecArray) => Record<string, unknown>];
const count = (m: RegExpExecArray) => ({ count: Number(m[1]) });
/**
 * An amount the API wrote "Rs 500" or "Rs 499.50", as the shop's money formatter writes it: whole
 * rupees bare, paisa always with two digits ("रु ४९९.५०", not "रु ४९९.५").
 */
const rupees = (written: string) => {
  const amount = Number(written);
  return Number.isInteger(amount) ? formatRs(amount) : formatRs2(amount);
};

const SHAPES: Shape[] = [
  [/^Only (\d+) items available in stock$/, msg('Only {{count, n}} items available in stock'), count],
  [
    /^You can order at most (\d+) of one product at a time\.$/,
    msg('You can order at most {{count, n}} of one product at a time.'),
    count,
  ],
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
    msg('Minimum order amount of {{amount}} is required to apply this promo code.'),
    (m) => ({ amount: rupees(m[1]) }),
  ],
  // The OTP's resend wait (modules/auth/otp-service.ts).
  [
    /^Please wait (\d+) seconds before requesting another OTP\.$/,
    msg('Please wait {{count, n}} seconds before requesting another OTP.'),
    count,
  ],
  // The 21st address (modules/addresses/addresses-service.ts TOO_MANY_ADDRESSES).
  [
    /^You can keep at most (\d+) addresses\. Delete one to add another\.$/,
    msg('You can keep at most {{count, n}} addresses. Delete one to add another.'),
    count,
  ],
  // A product id the cart, the wishlist or checkout does not know: the id means nothing to a shopper.
  [/^Product \d+ was not found\.$/, msg('This product was not found.'), () => ({})],
  [/^Product \d+ is not in your cart\.$/, msg('This product is not in your cart.'), () => ({})],
  // A cash order beyond the limit (the contract's cashOrdersWaiting).
  [
    /^You have (\d+) cash orders? awaiting delivery\. Please wait for one to arrive before placing another\.$/,
    msg(
      'You have {{count, n}} cash orders awaiting delivery. Please wait for one to arrive before placing another.',
    ),
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
    /^(eSewa|Khalti) is not available\. Please choose another payment method\.$/,
    msg('{{wallet}} is not available. Please choose another payment method.'),
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
  // Accounts: sign-up, OTPs, login, password reset, e-mail (modules/auth)
  msg('Account found. We will send an OTP to your email.'),
  msg('No account found with this email.'),
  msg('OTP sent successfully to your email'),
  msg('Invalid OTP. Please request a new one.'),
  msg('OTP has expired. Please request a new one.'),
  msg('Too many wrong attempts. Please request a new OTP.'),
  msg('This OTP has already been used. Please request a new one.'),
  msg('This OTP is not valid for the current sign-up. Please request a new one.'),
  msg('Too many OTP requests for this recipient. Please try again later.'),
  msg('Too many OTP requests from your network. Please try again later.'),
  msg('Invalid or expired reset token. Please verify OTP again.'),
  msg('A user with this phone number already exists.'),
  msg('A user with this email already exists.'),
  msg('This phone number is already verified. Please log in.'),
  msg('This sign-up was replaced by a newer one for the same phone number or e-mail. Please sign up again.'),
  msg('Too many sign-up attempts from your network. Please try again later.'),
  msg('An account with this phone number already exists. Please log in.'),
  msg('Phone number not verified. Please verify the OTP first.'),
  msg('This phone number cannot be used.'),
  msg('Logged out successfully'),
  msg('Your account is not verified yet. Please verify your phone number.'),
  msg('This account has been disabled. Please contact support.'),
  msg('Too many failed login attempts. Please try again later.'),
  msg('Too many attempts for this phone number or e-mail. Please try again later.'),
  msg('Too many attempts from your network. Please try again later.'),
  msg('Too many attempts. Please try again later.'),
  msg('Token is invalid or expired'),
  msg('The password is not correct.'),
  msg('Please enter your password to add this email address.'),
  msg('This email address is already verified.'),
  msg('Profile not found.'),
  // packages/contract/src/email-verification.ts, password-rules.ts
  msg('Your email address is verified.'),
  msg('We have sent a verification code to your email.'),
  msg('Password must contain 8+ characters, uppercase, lowercase, number, and special character'),
  // Addresses and places (modules/addresses, modules/locations, packages/contract/src/addresses.ts)
  msg('Address saved.'),
  msg('Address updated.'),
  msg('Address deleted.'),
  msg('Address not found.'),
  msg('Unknown province.'),
  msg('Unknown district.'),
  msg('Unknown local level.'),
  msg('The district is not in the selected province.'),
  msg('The local level is not in the selected district.'),
  msg('The delivery station does not serve the selected local level.'),
  msg('Province not found.'),
  msg('District not found.'),
  msg('Local level not found.'),
  msg('The local level is not in the given district.'),
  msg('The local level is not in the given province.'),
  msg('Local level (municipality) is required'),
  msg(
    'Enter a Nepali phone number: a 10-digit mobile number starting with 9, or a landline with its area code (9 digits starting with 0, such as 014123456)',
  ),
  // Cart, wishlist, catalogue (modules/cart, modules/wishlist, modules/catalogue)
  msg('The wishlist changed meanwhile. Please try again.'),
  msg('Category not found.'),
  // Checkout (modules/checkout, packages/contract/src/checkout.ts)
  msg('The stock or price of a product changed while your order was being placed. Please try again.'),
  msg('This order is too large to place at once. Please split it into smaller orders.'),
  msg('Your cart is empty. Add some items to your cart before checkout.'),
  msg('This Idempotency-Key was already used for a different request. Use a new key for a new order.'),
  msg(
    'A price in your order has changed since you saw it. Please check the new total and place the order again.',
  ),
  // Paying an order (modules/payments)
  msg('This order has nothing to pay.'),
  msg('This order is paid in cash on delivery.'),
  msg('This order is already paid.'),
  msg('This order was cancelled.'),
  msg('The payment of this order can no longer be changed.'),
  msg('A payment for this order is still being confirmed. Please wait a moment and try again.'),
  msg('We could not check your earlier payment with the wallet. Please try again in a moment.'),
  msg('Your earlier payment for this order went through: the order is paid. Nothing more to pay.'),
  // The tax invoice (packages/contract/src/invoices.ts)
  msg('This order has no tax invoice yet: it gets one when delivered or paid online.'),
  // Profile (modules/profile)
  msg('Language updated successfully'),
  msg('Order updates setting saved'),
  // Reviews (packages/contract/src/reviews.ts)
  msg('You can review a product once an order of it has been delivered to you.'),
  msg('You have already reviewed this product.'),
  msg('You cannot mark your own review as helpful.'),
  msg('Review not found.'),
];

export function translateText(text: string | null | undefined): string {
  if (!text) return '';
  // English is what the API wrote (its "1 item", not the key's "1 items").
  if (currentLanguage() === 'en') return text;
  for (const [shape, key, values] of SHAPES) {
    const m = shape.exec(text);
    if (m) return t(key, values(m));
  }
  const shown = t(text);
  if (shown !== text) return shown;
  // Checkout names the product before a known answer: "Rice 5 kg: Only 4 items available in stock".
  const named = /^(.+?): (.+)$/.exec(text);
  if (named) {
    const reason = translateText(named[2]);
    if (reason !== named[2]) return `${named[1]}: ${reason}`;
  }
  return text;
}
