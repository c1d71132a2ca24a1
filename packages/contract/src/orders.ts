import { z } from 'zod';
import { ADDRESS_TYPES } from './addresses';
import { hasNoNul, NUL_CHARACTER } from './auth';
import { cart } from './cart';
import { productImage } from './catalogue';
import { idParam, money } from './common';
import { orderSlot } from './delivery-slots';
import { NOT_DELIVERED_REASONS } from './not-delivered-reasons';
import { orderPaymentFields } from './payments';
import { CANCEL_REASONS } from './staff-cancel-reasons';

// The customer's orders (accounts-orders.md §2 Orders, §3; DECISIONS.md §3, §4;
// docs/decisions/012-checkout-and-orders.md).

export const ORDER_STATUSES = [
  'Order Processing',
  'Packed',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatus = z.enum(ORDER_STATUSES);

export const ORDER_ACTORS = ['customer', 'staff', 'system'] as const;

/** Pages of the order list and the cancellation list. */
export const ORDERS_PAGE_SIZE = 10;
/** The delivered-products list is a bare array (the spec's shape): the newest this many products. */
export const MAX_DELIVERED_PRODUCTS = 200;
export const MAX_CANCEL_REASON_LENGTH = 500;
export const MAX_REVIEW_LENGTH = 1000;

export const ORDER_NOT_FOUND = 'Order not found.';
export const ONLY_PROCESSING_CANCELLABLE = 'Only orders in "Order Processing" status can be cancelled.';
export const ORDER_CANCELLED = 'Your order has been cancelled.';

/** One line as sold: title, image, price and quantity frozen at checkout. */
export const orderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_slug: z.string().describe('For the product page link (/detail/{slug})'),
  title: z.string(),
  image: z.string().nullable().describe('The product’s thumbnail when it was sold'),
  quantity: z.number().int(),
  price: money.describe('Unit price as sold (the flash-sale price when one was in force)'),
  marked_price: money.describe('Marked price when sold'),
  line_total: money.describe('price × quantity'),
});
export type OrderLine = z.infer<typeof orderLine>;

/** The delivery address as it was when the order was placed (later edits do not change it). */
export const orderAddress = z.object({
  address_type: z.enum(ADDRESS_TYPES),
  full_name: z.string(),
  phone: z.string(),
  location: z.string(),
  land_mark: z.string(),
  municipality: z.string(),
  district: z.string(),
  province: z.string(),
  // Null for orders placed before the address carried its Nepali names.
  municipality_ne: z.string().nullable().describe('Local level name in Nepali'),
  district_ne: z.string().nullable().describe('District name in Nepali'),
  province_ne: z.string().nullable().describe('Province name in Nepali'),
  nearest_branch: z.string().nullable(),
});
export type OrderAddress = z.infer<typeof orderAddress>;

export const order = z
  .object({
    id: z.number().int(),
    tracking_id: z.string(),
    created_at: z.string().describe('ISO 8601'),
    order_status: orderStatus,
    total: money.describe('What the customer pays: subtotal − discount + delivery_charge'),
    subtotal: money,
    discount: money,
    delivery_charge: money,
    voucher_code: z.string().nullable(),
    notes: z.string(),
    shipping_address: orderAddress,
    slot: orderSlot,
    lines: z.array(orderLine),
    can_cancel: z.boolean().describe('Only an order in "Order Processing" can be cancelled by the customer'),
    can_pay: z
      .boolean()
      .describe('Pay now: an online order, not paid, not cancelled (POST /payments/{id}/retry/)'),
    delivered_at: z.string().nullable(),
  })
  .extend(orderPaymentFields.shape);
export type Order = z.infer<typeof order>;

/**
 * A cancellation's reason from staff's list or the shop's own (decisions 070, 073); its English text
 * is `reason`/`remarks`.
 */
const cancelReasonField = z
  .enum(CANCEL_REASONS)
  .nullable()
  .describe(
    'Staff cancelled with a reason from their list, or the shop did on its own: show it in the reader’s language; null for a typed reason',
  );

export const orderHistoryEntry = z.object({
  status: orderStatus,
  at: z.string().describe('ISO 8601'),
  by: z.enum(ORDER_ACTORS),
  reason: z.string().nullable(),
  not_delivered_reason: z
    .enum(NOT_DELIVERED_REASONS)
    .nullable()
    .describe('A failed delivery: the reason from the rider’s list (the rider’s note is the shop’s)'),
  cancel_reason: cancelReasonField,
});

export const orderDetail = order.extend({
  history: z.array(orderHistoryEntry).describe('Every status the order took, oldest first'),
  delivery_station: z
    .string()
    .nullable()
    .describe('The delivery station that delivers the order (chosen at checkout), when known'),
  cancellation: z
    .object({
      created_on: z.string(),
      remarks: z.string(),
      by: z.enum(ORDER_ACTORS),
      cancel_reason: cancelReasonField,
    })
    .nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const pageQuery = z.object({
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000, 'page is too large')
    .default(1),
});

/** GET /order/list/?page=N: newest first. next/previous are root-relative URLs, or null. */
export const orderList = z.object({
  count: z.number().int(),
  page_size: z.number().int(),
  links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
  results: z.array(order),
});
export type OrderList = z.infer<typeof orderList>;

export const orderParams = z.object({ id: idParam });

export const cancelOrderRequest = z.strictObject(
  {
    reason: z
      .string({ error: (i) => (i.input === undefined ? 'Please give a reason' : 'reason must be text') })
      .trim()
      .min(1, 'Please give a reason')
      .max(MAX_CANCEL_REASON_LENGTH, `The reason must be at most ${MAX_CANCEL_REASON_LENGTH} characters`)
      .refine(hasNoNul, NUL_CHARACTER),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `Unknown field: ${i.keys.join(', ')}`
        : 'The body must be an object {reason}',
  },
);
export type CancelOrderRequest = z.infer<typeof cancelOrderRequest>;

export const cancelOrderResponse = z.object({ message: z.string(), order: orderDetail });
export type CancelOrderResponse = z.infer<typeof cancelOrderResponse>;

/** accounts-orders.md §3 Cancellation record. */
export const cancellation = z.object({
  id: z.number().int(),
  created_on: z.string().describe('When it was cancelled, ISO 8601'),
  remarks: z.string(),
  cancelled_by: z.enum(ORDER_ACTORS),
  cancel_reason: cancelReasonField,
  order: z
    .object({
      id: z.number().int(),
      tracking_id: z.string(),
      created_at: z.string(),
      total: money,
    })
    .extend(orderPaymentFields.shape),
});
export type Cancellation = z.infer<typeof cancellation>;

export const cancellationList = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(cancellation),
});
export type CancellationList = z.infer<typeof cancellationList>;

/** accounts-orders.md §3 Delivered product (one entry per product, its latest delivered order). */
export const deliveredProduct = z.object({
  id: z.number().int().describe('Product id (See Details goes to /detail/{id})'),
  slug: z.string(),
  title: z.string().describe('As sold'),
  short_description: z.string(),
  selling_price: money.describe('Unit price paid'),
  marked_price: money.describe('Marked price when sold'),
  created_on: z.string().describe('When the order was placed (Purchased on), ISO 8601'),
  primary_image: productImage.nullable(),
  order_id: z.number().int(),
  quantity: z.number().int(),
  reviewed: z.boolean().describe('The customer has reviewed this product'),
});
export type DeliveredProduct = z.infer<typeof deliveredProduct>;

export const deliveredProducts = z.array(deliveredProduct);
export const ratableProducts = z.object({
  results: z.array(deliveredProduct).describe('Delivered products not reviewed yet, newest purchase first'),
});
export type RatableProducts = z.infer<typeof ratableProducts>;

/**
 * POST /api/dev/orders/{id}/status (development only): staff's move, for e2e and local trials
 * while the staff console's order screen does not exist. A later forward status walks each step.
 */
export const devOrderStatusRequest = z.strictObject({
  status: orderStatus,
  reason: z.string().max(MAX_CANCEL_REASON_LENGTH).optional(),
});
export const devOrderStatusResponse = z.object({
  id: z.number().int(),
  order_status: orderStatus,
  payment_status: z.string(),
  steps: z.array(orderStatus).describe('Each status the order took on the way'),
});

/** Buy again: what went back into the cart, and what could not (docs/decisions/047). */
export const buyAgainResponse = z.object({
  message: z.string(),
  cart,
  added: z
    .array(z.object({ product_id: z.number().int(), title: z.string(), quantity: z.number().int() }))
    .describe('Lines added to my cart, at most what is in stock now'),
  unavailable: z
    .array(z.object({ product_id: z.number().int(), title: z.string(), message: z.string() }))
    .describe('Lines that could not be added (no longer sold, out of stock, a flash-sale limit), with why'),
});
export type BuyAgainResponse = z.infer<typeof buyAgainResponse>;

/** "Added 2 items to your cart." / "Nothing from this order is in stock now." */
export function buyAgainMessage(added: number, unavailable: number): string {
  if (added === 0) return 'Nothing from this order could be added to your cart.';
  const items = `${added} ${added === 1 ? 'item' : 'items'}`;
  return unavailable === 0
    ? `Added ${items} to your cart.`
    : `Added ${items} to your cart; ${unavailable} could not be added.`;
}
