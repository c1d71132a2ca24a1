import { z } from 'zod';
import { bodyId, optionalBodyId } from './addresses';
import { money } from './common';

// The delivery charge quote (shopping.md §7; the rule is in docs/delivery-charge.md).

export const NO_SERVICE_STATIONS = 'No service stations available for this location.';
export const MAX_QUOTE_LINES = 200;
export const MAX_LINE_QUANTITY = 1000;

export const cartLine = z.object({
  product_id: bodyId('product_id'),
  quantity: z
    .number({
      error: (issue) => (issue.input === undefined ? 'Quantity is required' : 'Quantity must be a number'),
    })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
});

export const deliveryChargeRequest = z.object({
  address_id: optionalBodyId('address_id')
    .optional()
    .describe('One of your addresses; null or absent: no address yet (the charge is 0)'),
  cart_items: z
    .array(cartLine, { error: 'cart_items must be a list of {product_id, quantity}' })
    .max(MAX_QUOTE_LINES, `cart_items may hold at most ${MAX_QUOTE_LINES} lines`)
    .refine(
      (lines) => new Set(lines.map((line) => line.product_id)).size === lines.length,
      'Each product may appear only once in cart_items',
    ),
});
export type DeliveryChargeRequest = z.input<typeof deliveryChargeRequest>;

export const deliveryInfo = z.object({
  delivery_charge: money,
  delivery_time: z
    .enum(['Same day', 'Next day'])
    .nullable()
    .describe('Null when there is no address or the cart is empty'),
  distance: z
    .number()
    .nullable()
    .describe(
      'Road km from the serving station to the local level; null when there is no address or the cart is empty',
    ),
  free_delivery_from: money
    .nullable()
    .describe(
      'The cart value (before promo) from which delivery is free: the delivering station’s; with no address, the lowest any active station offers; null when delivery is never free',
    ),
});

/** "Add Rs 140 more for free delivery": what is missing (in paisa, > 0), else null (decision 047). */
export function missingForFreeDelivery(cartValuePaisa: number, freeFromPaisa: number | null): number | null {
  if (freeFromPaisa === null || cartValuePaisa <= 0) return null;
  const missing = freeFromPaisa - cartValuePaisa;
  return missing > 0 ? missing : null;
}
export type DeliveryInfo = z.infer<typeof deliveryInfo>;

export const deliveryChargeResponse = z.object({ data: z.object({ delivery_info: deliveryInfo }) });
export type DeliveryChargeResponse = z.infer<typeof deliveryChargeResponse>;
