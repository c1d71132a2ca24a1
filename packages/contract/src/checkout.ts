import { z } from 'zod';
import { bodyId } from './addresses';
import { rupeesInput } from './admin-common';
import { hasNoNul, NUL_CHARACTER } from './auth';
import { MAX_CART_LINES_PER_REQUEST } from './cart';
import { money } from './common';
import { MAX_LINE_QUANTITY } from './delivery';
import { orderSlot, slotChoice } from './delivery-slots';
import { paymentStart, paymentStatus, WALLETS } from './payments';
import { panInput } from './tax';

// POST /checkout/ (shopping.md §7, DECISIONS.md §4; docs/decisions/012-checkout-and-orders.md).

export const EMPTY_ORDER = 'Your cart is empty. Add some items to your cart before checkout.';
export const LENGTHS_DIFFER = 'product_id and qtys must list the same number of items';
export const PRICES_LENGTH_DIFFERS = 'unit_prices must list one price for each product_id';
export const ONLINE_NEEDS_WALLET =
  'Choose the wallet to pay online with: payment_method "esewa" (eSewa) or "khalti" (Khalti).';
export const MAX_NOTES_LENGTH = 500;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** A line's price is not the one the shopper saw (409): nothing is ordered, the page shows the new ones. */
export const PRICES_CHANGED =
  'A price in your order has changed since you saw it. Please check the new total and place the order again.';
/** A key sent again with another order than the one the server took under it (422). */
export const KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Use a new key for a new order.';
/** The first request with this key has not finished yet (409): the same request may ask again. */
export const KEY_IN_PROGRESS =
  'A request with this Idempotency-Key is still being processed. Please try again in a moment.';

/** "{title}: Only {n} items available in stock": the spec's warning, naming the product. */
export const onlyInStockOf = (title: string, n: number) => `${title}: Only ${n} items available in stock`;
/** A cash order refused while the customer already has `n` (the limit) waiting for delivery (decision 038). */
export const cashOrdersWaiting = (n: number) =>
  `You have ${n} cash ${n === 1 ? 'order' : 'orders'} awaiting delivery. Please wait for one to arrive before placing another.`;
export const listedTwice = (id: number) => `Product ${id} is listed more than once.`;

const quantity = z
  .number({
    error: (issue) => (issue.input === undefined ? 'Quantity is required' : 'Quantity must be a number'),
  })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/**
 * Cash or the wallet itself. The spec's `online` alone is refused with a message naming the
 * wallets (which one would it mean?).
 */
export const CHECKOUT_PAYMENT_METHODS = ['cash', ...WALLETS] as const;

export const checkoutRequest = z
  .strictObject(
    {
      product_id: z
        .array(bodyId('product_id'), { error: 'product_id must be a list of product ids' })
        .min(1, EMPTY_ORDER)
        .max(MAX_CART_LINES_PER_REQUEST, `An order may hold at most ${MAX_CART_LINES_PER_REQUEST} products`)
        .describe('The products ordered, in the order of qtys'),
      qtys: z
        .array(quantity, { error: 'qtys must be a list of quantities' })
        .max(MAX_CART_LINES_PER_REQUEST, `An order may hold at most ${MAX_CART_LINES_PER_REQUEST} products`)
        .describe('Quantity of each product_id, whole numbers from 1 to 1000'),
      location: bodyId('location', 'Please choose a delivery address').describe('One of your address ids'),
      voucher_code: z
        .union([z.string().max(64, 'A promo code has at most 64 characters'), z.null()], {
          error: 'voucher_code must be text',
        })
        .optional()
        .transform((code) => (code ?? '').trim())
        .describe('Promo code; an empty string (or absent) for none'),
      payment_method: z
        .enum(CHECKOUT_PAYMENT_METHODS, {
          error: (issue) =>
            issue.input === 'online' ? ONLINE_NEEDS_WALLET : 'payment_method must be cash, esewa or khalti',
        })
        .default('cash')
        .describe(
          'cash (on delivery, the default), esewa or khalti. The spec’s "online" is refused (400) with a message naming the wallets.',
        ),
      notes: z
        .union(
          [
            z.string().max(MAX_NOTES_LENGTH, `Notes must be at most ${MAX_NOTES_LENGTH} characters`),
            z.null(),
          ],
          {
            error: 'notes must be text',
          },
        )
        .optional()
        .transform((text) => (text ?? '').trim())
        .refine(hasNoNul, NUL_CHARACTER)
        .describe('Order notes for the delivery'),
      slot: slotChoice
        .optional()
        .describe(
          'The delivery slot (from GET /order/delivery-slots/): required when the delivering station offers slots, refused when it does not',
        ),
      buyer_pan: panInput
        .nullable()
        .optional()
        .transform((text) => text || null)
        .describe('The buyer’s PAN/VAT number (9 digits) for the tax invoice; empty or left out: none'),
      unit_prices: z
        .array(rupeesInput('unit_prices'), { error: 'unit_prices must be a list of prices' })
        .max(MAX_CART_LINES_PER_REQUEST, `An order may hold at most ${MAX_CART_LINES_PER_REQUEST} products`)
        .optional()
        .describe(
          'Each line’s price as the shopper saw it (rupees, in the order of product_id). If any differs from the price now (a flash sale ended, the shop changed it), the order is refused with 409 and the prices now, and nothing is ordered. Left out: the prices now are charged.',
        ),
      keep_cart: z
        .boolean({ error: 'keep_cart must be true or false' })
        .default(false)
        .describe(
          'Buy now: true leaves my cart exactly as it was (the bought products stay in it); false (the default) takes them out (docs/decisions/046)',
        ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field: ${issue.keys.join(', ')}`
          : 'The body must be an object {product_id, qtys, location, voucher_code, payment_method, notes, slot, buyer_pan, unit_prices, keep_cart}',
    },
  )
  .superRefine((body, ctx) => {
    if (body.product_id.length !== body.qtys.length) {
      ctx.addIssue({ code: 'custom', path: ['qtys'], message: LENGTHS_DIFFER });
      return;
    }
    if (body.unit_prices && body.unit_prices.length !== body.product_id.length) {
      ctx.addIssue({ code: 'custom', path: ['unit_prices'], message: PRICES_LENGTH_DIFFERS });
      return;
    }
    const seen = new Set<number>();
    for (const [index, id] of body.product_id.entries()) {
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: ['product_id', index], message: listedTwice(id) });
      seen.add(id);
    }
  });
export type CheckoutRequest = z.input<typeof checkoutRequest>;
export type CheckoutInput = z.output<typeof checkoutRequest>;

const IDEMPOTENCY_KEY = /^[\x21-\x7e]+$/;

/** Headers of POST /checkout/: other headers pass through untouched. */
export const checkoutHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, 'Idempotency-Key must not be empty')
    .max(
      MAX_IDEMPOTENCY_KEY_LENGTH,
      `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    )
    .regex(IDEMPOTENCY_KEY, 'Idempotency-Key must be printable ASCII without spaces (a UUID, for example)')
    .optional()
    .describe(
      'One key per order attempt (a UUID): a retry with the same key answers the first answer and places nothing new. Kept 24 hours.',
    ),
});

export const checkoutResponse = z.object({
  order_id: z.number().int(),
  tracking_id: z.string(),
  total_amount: money.describe('Discounted subtotal + delivery charge'),
  subtotal: money.describe('The lines at the prices they were sold for'),
  discount: money.describe('What the promo code took off'),
  delivery_charge: money,
  slot: orderSlot.optional(),
  payment_method: z.enum(['cash', ...WALLETS]),
  payment_status: paymentStatus.describe('Unpaid for cash; Pending while a wallet payment is being made'),
  payment: paymentStart
    .omit({ order_id: true })
    .nullable()
    .describe(
      'For eSewa or Khalti: what the browser does next (post the form / open the URL). Null for cash, and when the wallet could not be started (payment_error says why; the order exists and can be paid from the order list)',
    ),
  payment_error: z.string().optional().describe('Why the wallet payment could not be started'),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;
