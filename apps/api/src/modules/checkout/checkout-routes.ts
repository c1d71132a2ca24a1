import { checkoutHeaders, checkoutRequest, checkoutResponse } from '@pasal/contract/checkout';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { browserBaseOf } from '../payments/browser-base';
import { checkout } from './checkout-service';

const DESCRIPTION = [
  'Places an order for the listed products (product_id[i] × qtys[i]) to one of my addresses, in one transaction:',
  'the products are locked and their stock taken, every price is the server’s own at this moment (flash-sale prices in force),',
  'the promo code is checked again and its use counted under its limits, the delivery charge comes from the documented rule',
  '(cart value before the promo), the bought products leave my cart and an order confirmation is recorded',
  '(e-mail when I have one, SMS otherwise). total_amount = subtotal − discount + delivery_charge.',
  'Cash orders start Unpaid; eSewa/Khalti orders start Pending and the answer carries `payment.next`: the form to post (eSewa)',
  'or the URL to open (Khalti).',
  'Refusals are 4xx with `message` and `msg`: a product out of stock names it and what is left',
  '("{title}: Only {n} items available in stock", with product and available_quantity), an address nobody delivers to',
  '("No service stations available for this location."), a promo code that cannot be used (its message, reason, is_valid false),',
  'someone else’s address (404), a flash-sale line beyond the sale’s limit per customer counting my orders placed during it',
  '("{title}: You can buy at most {n} of this flash sale item.", with product and flash_sale_limit), a cash order while',
  'I already have the allowed number of cash orders awaiting delivery ("You have {n} cash orders awaiting delivery…").',
  'Unknown fields are refused, so a client cannot believe it set a price.',
  'A promo code counts as a try, as at POST /voucher/apply/ (a refused code keeps its count): past the limit, a 429.',
  'Idempotency-Key: a retry with the same key gets the first answer (status and body, refusals included) and places nothing;',
  'a duplicate sent at the same moment waits for the first and gets its answer; the same key with another body is a 422.',
].join(' ');

/** POST /checkout/ (shopping.md §7, DECISIONS.md §4). */
export async function checkoutRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;
  app.addHook('onRequest', fastify.authenticate);
  // The spec's storefront shows a failed order's `msg`: every refusal here carries it (also the
  // validation and authentication answers, which the shared error handler builds).
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500 || !payload || typeof payload !== 'object')
      return payload;
    const body = payload as { message?: unknown; msg?: unknown };
    if (typeof body.message !== 'string' || body.msg !== undefined) return payload;
    return { ...body, msg: body.message };
  });

  app.post(
    '/checkout/',
    {
      schema: {
        summary: 'Place an order from my chosen products, address, promo code and payment method',
        description: DESCRIPTION,
        operationId: 'placeOrder',
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        headers: checkoutHeaders,
        body: checkoutRequest,
        response: { 201: checkoutResponse, ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const answer = await checkout(
        { db, config, log: request.log, browserBase: browserBaseOf(request, config) },
        {
          userId: request.user.id,
          clientIp: request.ip,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
        },
      );
      return reply.code(answer.status as 201).send(answer.body as never);
    },
  );
}
