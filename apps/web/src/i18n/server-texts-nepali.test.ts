// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the API's texts are listed as written in its source, `${…}` included
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as addresses from '@pasal/contract/addresses';
import * as auth from '@pasal/contract/auth';
import * as backInStock from '@pasal/contract/back-in-stock';
import * as checkout from '@pasal/contract/checkout';
import * as delivery from '@pasal/contract/delivery';
import * as deliverySlots from '@pasal/contract/delivery-slots';
import * as emailVerification from '@pasal/contract/email-verification';
import * as invoices from '@pasal/contract/invoices';
import * as orders from '@pasal/contract/orders';
import * as passwordRules from '@pasal/contract/password-rules';
import * as reviews from '@pasal/contract/reviews';
import * as shopTexts from '@pasal/contract/shop-texts';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from './i18n';
import { translateText } from './server-texts';

// Every answer of the API a shopper can read (a refusal or a confirmation shown in a toast, a
// form's problem line or a page) has its Nepali: translateText must not hand it over in English.
// The texts come from two places:
// 1. The contract's exported string constants of the storefront's modules (imported, so a new
//    constant is checked as soon as it is exported), with its message functions called on samples.
// 2. The API's own texts in apps/api/src/modules: the literal (or the constant's literal) given to
//    an error class (`new BadRequestError('…')`, `new FieldError('phone', …)`), to checkout's
//    `refuse('…')` or as a reply's `message: '…'`. Each must be listed below, as shown to shoppers
//    or as not, so a new one fails here until it is sorted (and, when shown, translated).
// The console (admin*) and the riders' screen are English and are not scanned.

const NEPALI = /[\u0900-\u097F]/;

/** Contract constants a shopper never sees (a malformed request, a developer's or staff text). */
const CONTRACT_NOT_FOR_SHOPPERS = new Set<string>([
  addresses.ADDRESS_TYPE_MESSAGE, // the form offers the three types only
  auth.NUL_CHARACTER, // only a crafted request carries a NUL
  checkout.LENGTHS_DIFFER, // the storefront sends the lists from one list of lines
  checkout.PRICES_LENGTH_DIFFERS,
  checkout.ONLINE_NEEDS_WALLET, // the storefront always names the wallet
  invoices.BS_MONTH_INVALID, // the console's sales register
]);

const CONTRACT_MODULES = {
  addresses,
  auth,
  backInStock,
  checkout,
  delivery,
  deliverySlots,
  emailVerification,
  invoices,
  orders,
  passwordRules,
  reviews,
  shopTexts,
};

/** The contract's message functions, called as the API calls them. */
const CONTRACT_SAMPLES = [
  shopTexts.onlyInStock(3),
  shopTexts.atMostInFlashSale(2, 0),
  shopTexts.atMostInFlashSale(2, 1),
  shopTexts.VOUCHER_MESSAGES.below_minimum(49950),
  shopTexts.VOUCHER_MESSAGES.below_minimum(50000),
  checkout.onlyInStockOf('Rice 5 kg', 4),
  checkout.cashOrdersWaiting(1),
  checkout.cashOrdersWaiting(3),
  orders.buyAgainMessage(2, 0),
  orders.buyAgainMessage(2, 1),
  orders.buyAgainMessage(0, 2),
];

function contractTexts(): string[] {
  const texts = new Set<string>();
  for (const module of Object.values(CONTRACT_MODULES))
    for (const value of Object.values(module)) {
      if (typeof value === 'string') texts.add(value);
      else if (value === shopTexts.VOUCHER_MESSAGES)
        for (const text of Object.values(value)) if (typeof text === 'string') texts.add(text);
    }
  return [...texts].filter((text) => /\s/.test(text) && !CONTRACT_NOT_FOR_SHOPPERS.has(text));
}

/**
 * The API's texts shown to shoppers, as written in its source; a text with `${…}` in it comes with
 * a sample of what the API sends.
 */
const API_TEXTS: [text: string, sample?: string][] = [
  // Accounts (modules/auth)
  ['Account found. We will send an OTP to your email.'],
  ['No account found with this email.'],
  ['OTP sent successfully to your email'],
  ['OTP verified successfully'],
  ['OTP sent successfully to your phone'],
  ['Invalid OTP'],
  ['Invalid OTP. Please request a new one.'],
  ['OTP has expired. Please request a new one.'],
  ['Too many wrong attempts. Please request a new OTP.'],
  ['This OTP has already been used. Please request a new one.'],
  ['This OTP is not valid for the current sign-up. Please request a new one.'],
  [
    'Please wait ${wait} seconds before requesting another OTP.',
    'Please wait 42 seconds before requesting another OTP.',
  ],
  ['Failed to send OTP'],
  ['Too many OTP requests for this recipient. Please try again later.'],
  ['Too many OTP requests from your network. Please try again later.'],
  ['Invalid or expired reset token. Please verify OTP again.'],
  ['Password successfully changed!'],
  ['Password set successfully!'],
  ['Registration successful'],
  ['A user with this phone number already exists.'],
  ['A user with this email already exists.'],
  ['This phone number is already verified. Please log in.'],
  ['This sign-up was replaced by a newer one for the same phone number or e-mail. Please sign up again.'],
  ['Too many sign-up attempts from your network. Please try again later.'],
  ['An account with this phone number already exists. Please log in.'],
  ['Phone number not verified. Please verify the OTP first.'],
  ['This phone number cannot be used.'],
  ['Invalid Credentials'],
  ['Login Successful'],
  ['Logged out successfully'],
  ['Your account is not verified yet. Please verify your phone number.'],
  ['This account has been disabled. Please contact support.'],
  ['Too many failed login attempts. Please try again later.'],
  ['Too many attempts for this phone number or e-mail. Please try again later.'],
  ['Too many attempts from your network. Please try again later.'],
  ['Token is invalid or expired'],
  ['The password is not correct.'],
  ['Please enter your password to add this email address.'],
  ['This email address is already verified.'],
  ['Too many attempts. Please try again later.'],
  ['Profile not found.'],
  // Addresses and places (modules/addresses, modules/locations)
  ['Address saved.'],
  ['Address updated.'],
  ['Address deleted.'],
  ['Address not found.'],
  [
    'You can keep at most ${MAX_ADDRESSES} addresses. Delete one to add another.',
    'You can keep at most 20 addresses. Delete one to add another.',
  ],
  ['Unknown province.'],
  ['Unknown district.'],
  ['Unknown local level.'],
  ['The district is not in the selected province.'],
  ['The local level is not in the selected district.'],
  ['The delivery station does not serve the selected local level.'],
  ['Province not found.'],
  ['District not found.'],
  ['Local level not found.'],
  ['The local level is not in the given district.'],
  ['The local level is not in the given province.'],
  // Cart, wishlist, products (modules/cart, modules/wishlist, modules/catalogue)
  ['${product.title} is no longer available.', 'Rice 5 kg is no longer available.'],
  ['${product.title} is out of stock.', 'Rice 5 kg is out of stock.'],
  ['Product ${id} was not found.', 'Product 12 was not found.'],
  ['Product ${productId} was not found.', 'Product 12 was not found.'],
  ['Product ${productId} is not in your cart.', 'Product 12 is not in your cart.'],
  ['The wishlist changed meanwhile. Please try again.'],
  ['Product not found.'],
  ['Category not found.'],
  // Checkout and payments (modules/checkout, modules/payments)
  ['The stock or price of a product changed while your order was being placed. Please try again.'],
  ['This order is too large to place at once. Please split it into smaller orders.'],
  ['Khalti accepts payments of Rs 10 or more. Please choose another payment method.'],
  [
    '${WALLET_TITLES[wallet]} is not available. Please choose another payment method.',
    'eSewa is not available. Please choose another payment method.',
  ],
  [
    '${title} is not available. Please choose another payment method.',
    'Khalti is not available. Please choose another payment method.',
  ],
  [
    '${title} refused this payment. Please choose another payment method.',
    'Khalti refused this payment. Please choose another payment method.',
  ],
  [
    '${product.title}: ${atMostInFlashSale(product.flashLimit, product.flashBought)}',
    'Ghee 1 L: You can buy at most 2 of this flash sale item. You have already ordered 1.',
  ],
  ['This order has nothing to pay online. Please choose Cash on Delivery.'],
  ['This order has nothing to pay.'],
  ['This order is paid in cash on delivery.'],
  ['This order is already paid.'],
  ['This order was cancelled.'],
  ['The payment of this order can no longer be changed.'],
  ['A payment for this order is still being confirmed. Please wait a moment and try again.'],
  ['We could not check your earlier payment with the wallet. Please try again in a moment.'],
  ['Your earlier payment for this order went through: the order is paid. Nothing more to pay.'],
  ['Too many payment attempts. Please wait a few minutes and try again.'],
  ['Too many payment checks. Please wait a minute and try again.'],
  ['Order not found.'],
  // Profile (modules/profile)
  ['Profile updated successfully'],
  ['Profile picture updated successfully'],
  ['Image size should be less than 5MB'],
  ['Language updated successfully'],
  ['Order updates setting saved'],
  ['Too many picture uploads. Please try again later.'],
  // Promo codes (modules/vouchers)
  ['Too many promo codes tried. Please wait a few minutes and try again.'],
];

/** API texts a shopper never reads: the storefront does not show them or never causes them. */
const API_NOT_FOR_SHOPPERS = new Set<string>([
  'Request succeeded', // the catalogue's envelope, not shown
  'Product ${line.product} is listed more than once.', // the storefront sends each product once
]);

// Staff and riders' code in the shoppers' modules (English, like the console).
const STAFF_FILES =
  /^(orders\/(order-transitions|dev-order-routes)|invoices\/(admin-invoice-routes|sales-register))\.ts$/;
const NOT_SCANNED = /^(admin|riders|messaging|wallet-simulators|health)$/;

const modules = join(dirname(fileURLToPath(import.meta.url)), '../../../api/src/modules');

function apiFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SCANNED.test(entry.name) ? [] : apiFiles(path);
    if (!/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) return [];
    return STAFF_FILES.test(relative(modules, path).split('\\').join('/')) ? [] : [path];
  });
}

const LITERAL = String.raw`'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|\x60((?:\\.|[^\x60\\])*)\x60`;
const unquote = (m: RegExpMatchArray, first: number) =>
  (m[first] ?? m[first + 1] ?? m[first + 2]).replace(/\\(['"\x60\\])/g, '$1');
/** The API's answers (apps/api/src/lib/errors.ts; FieldError names its field first); other errors are logged, not sent. */
const ANSWERS = [
  'BadRequestError',
  'UnauthorizedError',
  'ForbiddenError',
  'NotFoundError',
  'ConflictError',
  'UnprocessableError',
  'TooManyRequestsError',
  'ServiceUnavailableError',
].join('|');
/** Where a message goes: an error class, checkout's refuse(), an upload's limit or a reply's message. */
const SENT = String.raw`(?:new (?:${ANSWERS})\(\s*|new FieldError\(\s*'\w+',\s*|new AppError\(\s*\d+,\s*|\btooLarge:\s*|\brefuse\(\s*|\bmessage:\s*)`;

/** The texts the API's shopper modules send, as written in the source. */
export function apiTexts(sources: string[]): Set<string> {
  const constants = new Map<string, string>();
  const sentNames = new Set<string>();
  const found = new Set<string>();
  for (const source of sources) {
    // Comments describe texts; they send none.
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(
      new RegExp(String.raw`\bconst ([A-Z][A-Z0-9_]*)\s*=\s*(?:${LITERAL})`, 'g'),
    ))
      constants.set(m[1], unquote(m, 2));
    for (const m of code.matchAll(new RegExp(String.raw`${SENT}([A-Z][A-Z0-9_]*)\b`, 'g')))
      sentNames.add(m[1]);
    for (const m of code.matchAll(new RegExp(`${SENT}(?:${LITERAL})`, 'g'))) found.add(unquote(m, 1));
  }
  for (const name of sentNames) {
    const text = constants.get(name);
    if (text !== undefined) found.add(text);
  }
  return found;
}

const scanned = apiTexts(apiFiles(modules).map((file) => readFileSync(file, 'utf8')));

/** The text as the API sends it: `${…}` parts stand for anything. */
const shapeOf = (source: string) =>
  new RegExp(
    `^${source
      .split(/\$\{[^}]*\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );

afterEach(() => applyLanguage('en'));

describe("the API's answers, in Nepali", () => {
  it('the scan finds what the API sends (and only its error texts and replies)', () => {
    expect(scanned).toContain('A user with this phone number already exists.'); // a constant
    expect(scanned).toContain('Address saved.'); // a reply's message
    expect(scanned).toContain('This order was cancelled.'); // an error's literal
    expect(scanned).toContain(
      'This order is too large to place at once. Please split it into smaller orders.',
    ); // refuse()
    expect(scanned).not.toContain('/payment/return');
    expect(
      apiTexts([
        "const A = 'A refusal.';\nconst B = 'not sent';\nthrow new FieldError('phone', A);\nreturn { message: `Hi ${x}.` };",
      ]),
    ).toEqual(new Set(['Hi ${x}.', 'A refusal.']));
  });

  it("sorts every text of the API's shopper modules: shown to shoppers (listed) or not", () => {
    const listed = new Set([...API_TEXTS.map(([text]) => text), ...API_NOT_FOR_SHOPPERS]);
    expect([...scanned].filter((text) => !listed.has(text))).toEqual([]);
    // And the lists keep no text the API no longer sends.
    expect([...listed].filter((text) => !scanned.has(text))).toEqual([]);
  });

  it('every sample is what its text sends', () => {
    const wrong = API_TEXTS.filter(([text, sample]) => sample !== undefined && !shapeOf(text).test(sample));
    expect(wrong).toEqual([]);
  });

  it('has Nepali for every API text shown to shoppers', async () => {
    await applyLanguage('ne');
    const english = API_TEXTS.map(([text, sample]) => sample ?? text).filter((text) => {
      const shown = translateText(text);
      return shown === text || !NEPALI.test(shown);
    });
    expect(english).toEqual([]);
  });

  it("has Nepali for every contract text of the storefront's modules", async () => {
    const texts = [...contractTexts(), ...CONTRACT_SAMPLES];
    expect(texts).toContain(reviews.ALREADY_REVIEWED);
    await applyLanguage('ne');
    const english = texts.filter((text) => {
      const shown = translateText(text);
      return shown === text || !NEPALI.test(shown);
    });
    expect(english).toEqual([]);
  });
});
