import { z } from 'zod';
import { bodyError, dateTimeText, listQuery, pageOf, staffRef } from './admin-common';
import { idParam, money } from './common';
import { orderSlot, slotMinutes } from './delivery-slots';
import { MAX_CANCEL_REASON_LENGTH, ORDER_ACTORS, ORDER_STATUSES, orderAddress, orderStatus } from './orders';
import { PAYMENT_METHODS, PAYMENT_STATUSES, paymentMethod, paymentStatus, WALLETS } from './payments';

// Orders in the shop console: find them, read them whole, move them along (docs/decisions/019).

/** The statuses staff can move an order to (Order Processing is where every order starts). */
export const ADMIN_ORDER_TARGETS = ['Packed', 'Out for Delivery', 'Delivered', 'Cancelled'] as const;

export const dateOnly = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((text) => {
      const [y, m, d] = text.split('-').map(Number);
      const at = new Date(Date.UTC(y, m - 1, d));
      return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
    }, `${label} is not a real date`)
    .describe('A day in Nepal time (YYYY-MM-DD), inclusive');

export const adminOrderListQuery = listQuery(
  ['created_at', 'total', 'id'],
  { sort: 'created_at', order: 'desc' },
  {
    status: z
      .enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(', ')}` })
      .optional(),
    payment_status: z
      .enum(PAYMENT_STATUSES, { error: `payment_status must be one of: ${PAYMENT_STATUSES.join(', ')}` })
      .optional(),
    payment_method: z
      .enum(PAYMENT_METHODS, { error: `payment_method must be one of: ${PAYMENT_METHODS.join(', ')}` })
      .optional(),
    from: dateOnly('from').optional(),
    to: dateOnly('to').optional(),
    slot_date: dateOnly('slot_date').optional(),
    slot_starts: z
      .string({ error: 'slot_starts must be a time like 09:00' })
      .refine((text) => slotMinutes(text) !== null, 'slot_starts must be a time like 09:00')
      .transform((text) => slotMinutes(text)!)
      .optional(),
  },
)
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .describe(
    'q: an order id, a tracking id, or words of the customer’s name, phone or e-mail (or of the delivery name or phone); from/to: days placed, in Nepal time; slot_date/slot_starts: the delivery slot’s day and start time (HH:MM, Nepal time)',
  );
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;

export const adminOrderCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const adminOrderSummary = z.object({
  id: z.number().int(),
  tracking_id: z.string(),
  created_at: dateTimeText,
  order_status: orderStatus,
  payment_method: paymentMethod,
  payment_status: paymentStatus,
  total: money,
  items_count: z.number().int().describe('Units ordered, over all lines'),
  customer: adminOrderCustomer,
  slot: orderSlot,
  rider: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('The rider taking it out; null when none is assigned'),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const adminOrderPage = pageOf(adminOrderSummary);
export type AdminOrderPage = z.infer<typeof adminOrderPage>;

export const adminOrderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  title: z.string().describe('As sold'),
  image: z.string().nullable(),
  quantity: z.number().int(),
  price: money.describe('Unit price as sold'),
  marked_price: money,
  line_total: money,
});

export const adminOrderPayment = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  provider: z.enum(WALLETS),
  reference: z.string().describe('Ours, sent to the wallet'),
  amount: money,
  status: z.string().describe('initiated, pending, completed, failed, canceled, expired, refunded, …'),
  provider_status: z.string().nullable().describe('The wallet’s own last status word'),
  provider_ref: z.string().nullable().describe('The wallet’s transaction id once paid'),
  paid_amount: money.nullable(),
  refund_due: z.boolean(),
  created_at: dateTimeText,
  confirmed_at: dateTimeText.nullable(),
});

export const adminOrderHistoryEntry = z.object({
  from: orderStatus.nullable().describe('Null when the order was placed'),
  to: orderStatus,
  at: dateTimeText,
  actor: z.enum(ORDER_ACTORS),
  by: staffRef.nullable().describe('The staff member or customer who made the change; null for the system'),
  reason: z.string().nullable(),
});

export const REFUND_STATUSES = ['requested', 'refunded', 'failed'] as const;
export const MAX_REFUND_REFERENCE_LENGTH = 100;
export const MAX_REFUND_NOTE_LENGTH = 500;

export const adminOrderRefund = z.object({
  status: z
    .enum(REFUND_STATUSES)
    .describe(
      'requested: the wallet’s answer is not in yet; failed: refused or unreachable, may be tried again',
    ),
  method: paymentMethod.describe('khalti through its refund API; esewa and cash recorded by hand'),
  amount: money.describe('What was paid, decided by the server'),
  reference: z
    .string()
    .nullable()
    .describe(
      'The wallet’s refund id or the receipt number (eSewa, cash); the refunded transaction (Khalti)',
    ),
  note: z.string().nullable(),
  by: staffRef.nullable(),
  requested_at: dateTimeText,
  refunded_at: dateTimeText.nullable(),
  failure: z.string().nullable().describe('Why the last try failed'),
});
export type AdminOrderRefund = z.infer<typeof adminOrderRefund>;

export const adminOrder = adminOrderSummary.extend({
  subtotal: money,
  discount: money,
  delivery_charge: money,
  voucher_code: z.string().nullable(),
  notes: z.string(),
  shipping_address: orderAddress,
  delivery_station: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lines: z.array(adminOrderLine),
  payment_completed: z.boolean(),
  payment_reference: z.string().nullable(),
  paid_at: dateTimeText.nullable(),
  delivered_at: dateTimeText.nullable(),
  updated_at: dateTimeText,
  payments: z.array(adminOrderPayment).describe('Every wallet payment attempt, oldest first'),
  history: z.array(adminOrderHistoryEntry).describe('Every status the order took, oldest first'),
  cancellation: z.object({ at: dateTimeText, by: z.enum(ORDER_ACTORS), remarks: z.string() }).nullable(),
  next_statuses: z
    .array(orderStatus)
    .describe('Where staff can move it now (empty once Delivered or Cancelled)'),
  refunded_at: dateTimeText.nullable(),
  refund: adminOrderRefund.nullable().describe('The refund staff made or started, if any'),
  can_refund: z.boolean().describe('Refund due, and no refund made or running'),
  refund_needs_reference: z
    .boolean()
    .describe('eSewa and cash refunds are made by hand: the request must carry their reference'),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminOrderParams = z.object({ orderId: idParam });

export const adminOrderTransition = z
  .strictObject(
    {
      status: z.enum(ADMIN_ORDER_TARGETS, {
        error: `status must be one of: ${ADMIN_ORDER_TARGETS.join(', ')}`,
      }),
      from: z
        .enum(ORDER_STATUSES, {
          error: (issue) =>
            issue.input === undefined
              ? 'from is required: send the status you read'
              : `from must be one of: ${ORDER_STATUSES.join(', ')}`,
        })
        .describe('The status you read; 409 with the order as it is now when it has changed since'),
      reason: z
        .string({ error: 'The reason must be text' })
        .trim()
        .max(MAX_CANCEL_REASON_LENGTH, `The reason must be at most ${MAX_CANCEL_REASON_LENGTH} characters`)
        .optional()
        .describe(
          'Required to cancel; kept in the history for any move. A cancel reason from STAFF_CANCEL_REASONS (sent as its English text) reaches the customer in their language; any other text is sent as typed',
        ),
    },
    { error: bodyError('The body must be {status, from, reason?}') },
  )
  .superRefine((body, ctx) => {
    if (body.status === 'Cancelled' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required to cancel an order.' });
  });
export type AdminOrderTransition = z.input<typeof adminOrderTransition>;

export const REFUND_REFERENCE_REQUIRED =
  'Enter the reference of the refund (the wallet’s refund id or the receipt number).';

export const adminRefundRequest = z.strictObject(
  {
    reference: z
      .string({ error: 'The reference must be text' })
      .trim()
      .max(
        MAX_REFUND_REFERENCE_LENGTH,
        `The reference must be at most ${MAX_REFUND_REFERENCE_LENGTH} characters`,
      )
      .optional()
      .describe('Required for eSewa and cash (made by hand); not allowed for Khalti (its API answers)'),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(MAX_REFUND_NOTE_LENGTH, `The note must be at most ${MAX_REFUND_NOTE_LENGTH} characters`)
      .optional(),
  },
  { error: bodyError('The body must be {reference?, note?}') },
);
export type AdminRefundRequest = z.input<typeof adminRefundRequest>;

export const adminOrderResponse = z.object({ order: adminOrder });
export type AdminOrderResponse = z.infer<typeof adminOrderResponse>;

/** The most new orders one answer lists (the count covers them all). */
export const NEW_ORDERS_LISTED = 20;

/** GET /api/admin/orders/new/?after=: the console's poll for orders placed since it last looked. */
export const adminNewOrdersQuery = z.object({
  after: z.coerce
    .number({ error: 'after must be an order id' })
    .int('after must be an order id')
    .min(0, 'after must be an order id')
    .max(2_147_483_647, 'after must be an order id')
    .optional()
    .describe('The newest order id the console has seen; without it, only latest_id is answered'),
});
export type AdminNewOrdersQuery = z.input<typeof adminNewOrdersQuery>;

export const adminNewOrders = z.object({
  latest_id: z.number().int().describe('The newest order id (0 with no orders): the next `after`'),
  count: z.number().int().describe('Orders with an id above `after`'),
  results: z
    .array(adminOrderSummary)
    .describe(`The newest of them, at most ${NEW_ORDERS_LISTED}, newest first`),
});
export type AdminNewOrders = z.infer<typeof adminNewOrders>;
