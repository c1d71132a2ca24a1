import { z } from 'zod';
import { money } from './common';

/** How an order is paid; `esewa` and `khalti` are the online wallets (the spec's "online"). */
export const PAYMENT_METHODS = ['cash', 'esewa', 'khalti'] as const;
export const WALLETS = ['esewa', 'khalti'] as const;
/**
 * The order's payment: `Pending` while an online payment's outcome is not known, `Refund due`
 * when a wallet confirmed a payment for an order cancelled meanwhile, `Refunded` once staff gave
 * that money back.
 */
export const PAYMENT_STATUSES = ['Unpaid', 'Pending', 'Paid', 'Refund due', 'Refunded'] as const;

export const paymentMethod = z.enum(PAYMENT_METHODS);
export const wallet = z.enum(WALLETS, { message: 'provider must be esewa or khalti' });
export const paymentStatus = z.enum(PAYMENT_STATUSES);

/** The payment fields every order in a response carries (orders API: spread into the order object). */
export const orderPaymentFields = z.object({
  payment_method: paymentMethod,
  payment_status: paymentStatus,
  payment_completed: z.boolean().describe('True when the money was received (Paid or Refund due)'),
  payment_reference: z
    .string()
    .nullable()
    .describe("The wallet's transaction id of the payment that paid the order"),
  refunded_at: z
    .string()
    .nullable()
    .describe('ISO 8601: when the payment was given back (payment_status Refunded); null otherwise'),
});
export type OrderPaymentFields = z.infer<typeof orderPaymentFields>;

/** What the browser does next: post an auto-submitted form (eSewa) or go to a URL (Khalti). */
export const walletStep = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('form'),
    method: z.literal('POST'),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
  z.object({ type: z.literal('redirect'), url: z.string() }),
]);
export type WalletStep = z.infer<typeof walletStep>;

/** Answer of checkout (online) and of retry: the attempt and where the browser goes. */
export const paymentStart = z.object({
  order_id: z.number().int(),
  provider: wallet,
  reference: z
    .string()
    .describe('Our reference sent to the wallet (eSewa transaction_uuid, Khalti purchase_order_id)'),
  next: walletStep,
});
export type PaymentStart = z.infer<typeof paymentStart>;

export const paymentRetryRequest = z.object({ provider: wallet });
export type PaymentRetryRequest = z.infer<typeof paymentRetryRequest>;

export const PAYMENT_ATTEMPT_STATUSES = [
  'initiated',
  'pending',
  'completed',
  'failed',
  'canceled',
  'expired',
  'refunded',
  'partially_refunded',
  'mismatch',
] as const;

export const paymentAttempt = z.object({
  attempt: z.number().int(),
  provider: wallet,
  reference: z.string(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  amount: money,
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});

export const orderPaymentResponse = orderPaymentFields.extend({
  order_id: z.number().int(),
  tracking_id: z.string().describe('The identifier the order list and the success dialog show'),
  order_status: z.string(),
  total_amount: money,
  can_pay: z.boolean().describe('Pay now is offered: an online order, not paid, not cancelled'),
  attempts: z.array(paymentAttempt),
});
export type OrderPaymentResponse = z.infer<typeof orderPaymentResponse>;

export const paymentMethodsResponse = z.object({
  methods: z.array(
    z.object({
      id: paymentMethod,
      title: z.string(),
      available: z.boolean(),
      simulated: z.boolean().describe('Payments go to the local simulator, not the real wallet'),
    }),
  ),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

/** Where the return handlers send the browser: `/payment/return?order={id}&status={result}`. */
export const PAYMENT_RETURN_RESULTS = ['paid', 'pending', 'unpaid', 'refund-due', 'error'] as const;
export const paymentReturnQuery = z.object({
  order: z.coerce.number().int().positive().optional(),
  status: z.enum(PAYMENT_RETURN_RESULTS),
});

/**
 * A wallet return asked for as JSON (Accept: application/json): the settlement's result instead of
 * the 303 a browser gets. `payment_status` is the order's, null when the return named nothing of ours.
 */
export const paymentReturnResult = z.object({
  order_id: z.number().int().nullable(),
  result: z.enum(PAYMENT_RETURN_RESULTS),
  payment_status: paymentStatus.nullable(),
  redirect: z.string().describe('The storefront page a browser is sent to'),
});
export type PaymentReturnResult = z.infer<typeof paymentReturnResult>;

export const esewaReturnQuery = z.object({ data: z.string().max(4096).optional() }).passthrough();
export const khaltiReturnQuery = z
  .object({
    pidx: z.string().max(100).optional(),
    status: z.string().max(100).optional(),
    purchase_order_id: z.string().max(200).optional(),
    transaction_id: z.string().max(200).optional(),
  })
  .passthrough();
