import { errorBody, idParam } from '@pasal/contract/common';
import {
  esewaReturnQuery,
  khaltiReturnQuery,
  orderPaymentResponse,
  paymentMethodsResponse,
  paymentRetryRequest,
  paymentReturnResult,
  paymentStart,
} from '@pasal/contract/payments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toRupees } from '../../lib/money';
import { enforceLimit } from '../../lib/rate-limit';
import { prefersJson } from './accept';
import { browserBaseOf } from './browser-base';
import { checkOpenAttempts } from './check-open-attempts';
import { toOrderPaymentFields } from './order-payment-mapper';
import { payWithCash } from './pay-with-cash';
import {
  handleEsewaFailure,
  handleEsewaReturn,
  handleKhaltiReturn,
  type ReturnOutcome,
} from './payment-returns';
import {
  canPayAgain,
  getOrderPayment,
  type PaymentDeps,
  startPayment,
  WALLET_TITLES,
} from './payment-service';
import { storefrontReturnUrl } from './payment-urls';
import { availableWallets } from './wallets';

const tags = ['payments'];
/** Each check may call a wallet: a customer's checks are limited (DB counter, all instances). */
const CHECKS_PER_MINUTE = 30;
const security = [{ bearerAuth: [] }];
const redirect = z
  .null()
  .describe('Redirect (303) to the storefront page /payment/return?order={id}&status={result}');

const PAYMENT_STATUS_OF = {
  paid: 'Paid',
  pending: 'Pending',
  unpaid: 'Unpaid',
  'refund-due': 'Refund due',
  error: null,
} as const;

/**
 * A browser is sent on to the storefront page (303); a client that asks for JSON (Accept prefers
 * application/json to text/html) gets the settlement's result with a 200 instead.
 */
function toStorefront(request: FastifyRequest, reply: FastifyReply, outcome: ReturnOutcome) {
  const target = storefrontReturnUrl(outcome.orderId, outcome.result);
  reply.header('vary', 'Accept');
  if (prefersJson(request.headers.accept))
    return reply.code(200).send({
      order_id: outcome.orderId ?? null,
      result: outcome.result,
      payment_status: PAYMENT_STATUS_OF[outcome.result],
      redirect: target,
    });
  return reply.redirect(target, 303);
}

const returnResponses = { 200: paymentReturnResult, 303: redirect, 400: errorBody };
const NEGOTIATION =
  'A browser gets a 303 to the storefront page; a client sending Accept: application/json gets 200 with the result.';

/** Online payment: wallet returns, the order's payment status, and paying again. */
export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;
  const deps = (log: PaymentDeps['log']): PaymentDeps => ({ db, config, log });

  app.get(
    '/payments/methods/',
    {
      schema: {
        summary: 'Payment methods the checkout can offer now',
        operationId: 'listPaymentMethods',
        tags,
        response: { 200: paymentMethodsResponse, 400: errorBody },
      },
    },
    async () => {
      const wallets = availableWallets(config);
      return {
        methods: [
          { id: 'cash' as const, title: 'Cash on Delivery', available: true, simulated: false },
          ...(['esewa', 'khalti'] as const).map((id) => {
            const wallet = wallets.find((w) => w.name === id);
            return {
              id,
              title: WALLET_TITLES[id],
              available: !!wallet,
              simulated: wallet?.simulated ?? false,
            };
          }),
        ],
      };
    },
  );

  app.get(
    '/payments/esewa/return',
    {
      schema: {
        summary: 'eSewa success return: verify, confirm with eSewa, go to the storefront',
        operationId: 'esewaPaymentReturn',
        tags,
        querystring: esewaReturnQuery,
        response: returnResponses,
        description: NEGOTIATION,
      },
    },
    async (request, reply) =>
      toStorefront(request, reply, await handleEsewaReturn(deps(request.log), request.query)),
  );

  app.get(
    '/payments/esewa/failure/:reference',
    {
      schema: {
        summary: 'eSewa failure return: ask eSewa, go to the storefront',
        operationId: 'esewaPaymentFailure',
        tags,
        params: z.object({ reference: z.string().min(1).max(100) }),
        response: returnResponses,
        description: NEGOTIATION,
      },
    },
    async (request, reply) =>
      toStorefront(request, reply, await handleEsewaFailure(deps(request.log), request.params.reference)),
  );

  app.get(
    '/payments/khalti/return',
    {
      schema: {
        summary: 'Khalti return: look the pidx up with Khalti, go to the storefront',
        operationId: 'khaltiPaymentReturn',
        tags,
        querystring: khaltiReturnQuery,
        response: returnResponses,
        description: NEGOTIATION,
      },
    },
    async (request, reply) =>
      toStorefront(request, reply, await handleKhaltiReturn(deps(request.log), request.query)),
  );

  app.get(
    '/payments/:orderId/',
    {
      onRequest: fastify.authenticate,
      schema: {
        summary: "An order's payment status and attempts (owner only)",
        operationId: 'getOrderPayment',
        tags,
        security,
        params: z.object({ orderId: idParam }),
        response: { 200: orderPaymentResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => paymentAnswer(db, request.params.orderId, request.user.id),
  );

  app.post(
    '/payments/:orderId/retry/',
    {
      onRequest: fastify.authenticate,
      schema: {
        summary: 'Pay an unpaid online order again, with eSewa or Khalti (owner only)',
        description: 'An order starts at most 10 payments in 10 minutes (429 after).',
        operationId: 'retryOrderPayment',
        tags,
        security,
        params: z.object({ orderId: idParam }),
        body: paymentRetryRequest,
        response: {
          200: paymentStart,
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      const started = await startPayment(
        { ...deps(request.log), browserBase: browserBaseOf(request, config) },
        {
          orderId: request.params.orderId,
          provider: request.body.provider,
          userId: request.user.id,
        },
      );
      return {
        order_id: started.orderId,
        provider: started.provider,
        reference: started.reference,
        next: started.browser,
      };
    },
  );

  app.post(
    '/payments/:orderId/check/',
    {
      onRequest: fastify.authenticate,
      schema: {
        summary: "Ask the wallets about the order's open payments now (owner only)",
        description:
          'The storefront calls it when the shopper comes Back from a wallet: an attempt paid at the wallet pays the order; one the wallet holds unpaid or has no record of is settled as such. Answers the payment as GET does. Limited to 30 a minute per customer.',
        operationId: 'checkOrderPayment',
        tags,
        security,
        params: z.object({ orderId: idParam }),
        response: {
          200: orderPaymentResponse,
          400: errorBody,
          401: errorBody,
          404: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      // Someone else's order is a 404 before anything is counted.
      const { order } = await getOrderPayment(db, request.params.orderId, request.user.id);
      await enforceLimit(db, {
        key: `payment-check:${request.user.id}`,
        limit: CHECKS_PER_MINUTE,
        windowSeconds: 60,
        message: 'Too many payment checks. Please wait a minute and try again.',
      });
      await checkOpenAttempts(deps(request.log), order.id);
      return paymentAnswer(db, order.id, request.user.id);
    },
  );

  app.post(
    '/payments/:orderId/cash/',
    {
      onRequest: fastify.authenticate,
      schema: {
        summary: 'Pay an unpaid online order in cash on delivery instead (owner only)',
        description:
          'After a wallet payment failed: the order becomes a cash-on-delivery order. Refused (409) while a payment is still being confirmed, and for a paid, cancelled or dispatched order; refused (400) when I already have as many cash orders awaiting delivery as the shop allows. Repeating it changes nothing.',
        operationId: 'payOrderWithCash',
        tags,
        security,
        params: z.object({ orderId: idParam }),
        response: {
          200: orderPaymentResponse,
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      await payWithCash(deps(request.log), request.params.orderId, request.user.id, config.maxOpenCashOrders);
      return paymentAnswer(db, request.params.orderId, request.user.id);
    },
  );
}

/** The order's payment as GET /payments/{orderId}/ answers it. */
async function paymentAnswer(db: PaymentDeps['db'], orderId: number, userId: number) {
  const { order, attempts } = await getOrderPayment(db, orderId, userId);
  return {
    order_id: order.id,
    tracking_id: order.trackingId,
    order_status: order.orderStatus,
    total_amount: toRupees(order.total),
    ...toOrderPaymentFields(order),
    can_pay: canPayAgain(order),
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      provider: attempt.provider,
      reference: attempt.reference,
      status: attempt.status,
      amount: toRupees(attempt.amount),
      created_at: attempt.createdAt.toISOString(),
      confirmed_at: attempt.confirmedAt?.toISOString() ?? null,
    })),
  };
}
