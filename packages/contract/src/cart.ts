import { z } from 'zod';
import { product } from './catalogue';
import { idParam, money } from './common';

/** The largest whole number a quantity or id column holds (PostgreSQL integer). */
export const MAX_INT = 2_147_483_647;
/** Lines one add or update request may carry. */
export const MAX_CART_LINES_PER_REQUEST = 100;

// Defined without zod in shop-texts.ts (the storefront's main bundle uses it); exported here too.
export { onlyInStock } from './shop-texts';

function unknownKeys(what: string) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys?.join(', ')}` : what;
}

function required(label: string, kind: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required` : `${label} must be ${kind}`;
}

export const productIdInput = (label = 'Product') =>
  z
    .number({ error: required(label, 'a product id (a whole number)') })
    .max(MAX_INT, `${label} id is too large`)
    .int(`${label} must be a product id (a whole number)`)
    .positive(`${label} must be a product id (a whole number)`);

const quantityInput = z
  .number({ error: required('Quantity', 'a number') })
  .max(MAX_INT, 'Quantity is too large')
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1');

export const cartLineInput = z.strictObject(
  { product: productIdInput(), quantity: quantityInput },
  { error: unknownKeys('Each cart line must be an object {product, quantity}') },
);
export type CartLineInput = z.infer<typeof cartLineInput>;

/**
 * Body of POST /cart/add/ and POST /cart/update/. Add sums repeated products within one request;
 * update refuses them (which quantity would it set?).
 */
export const cartChangeRequest = z.strictObject(
  {
    cart_products: z
      .array(cartLineInput, { error: required('cart_products', 'a list of {product, quantity}') })
      .min(1, 'cart_products must list at least one product')
      .max(MAX_CART_LINES_PER_REQUEST, `At most ${MAX_CART_LINES_PER_REQUEST} products per request`),
  },
  { error: unknownKeys('The body must be an object {cart_products: [{product, quantity}]}') },
);
export type CartChangeRequest = z.infer<typeof cartChangeRequest>;

/** One line of the server cart, priced now. */
export const cartLine = z.object({
  id: z.number().int().describe('Cart line id'),
  product: z.number().int().describe('Product id'),
  quantity: z.number().int(),
  rate: money.describe(
    'Unit price in force now: the flash-sale price while a sale runs, else the selling price',
  ),
  subtotal: money.describe('rate × quantity (also for an unavailable line, which total leaves out)'),
  is_available: z
    .boolean()
    .describe(
      'False when the product is no longer sold or its stock fell below quantity; such lines are not in total',
    ),
  available_quantity: z.number().int().describe('Units that can be bought now (0 when not sold any more)'),
  product_detail: product.describe(
    'The product as a card shows it, priced now; total_available_quantity equals available_quantity',
  ),
});
export type CartLine = z.infer<typeof cartLine>;

export const cart = z.object({
  id: z.number().int(),
  total: money.describe(
    'Sum of the subtotals of the available lines (what checkout would charge before promo)',
  ),
  cart_products: z.array(cartLine).describe('Oldest line first'),
});
export type Cart = z.infer<typeof cart>;

/** GET /cart/: always exactly one cart, the caller's. */
export const cartList = z.object({ results: z.array(cart) });
export type CartList = z.infer<typeof cartList>;

/** Answer of every cart change (add, update, remove, clear). */
export const cartResponse = z.object({ cart });
export type CartResponse = z.infer<typeof cartResponse>;

export const cartRemoveParams = z.object({ product: idParam });
