import { errorBody } from '@pasal/contract/common';
import {
  cartVoucherList,
  PROMO_APPLIED,
  voucherApplyRequest,
  voucherApplyResponse,
  voucherRejection,
} from '@pasal/contract/voucher';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequestError } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { cartTotalPaisa, loadPricedLines } from '../cart/cart-read';
import { LISTED_VOUCHERS_MAX, listCartVouchers } from './cart-vouchers';
import { countPromoTry, PROMO_TRIES_PER_ADDRESS, PROMO_TRIES_PER_CUSTOMER } from './promo-tries';
import { evaluateVoucher, toVoucher } from './voucher-service';

const tags = ['vouchers'];

export async function voucherRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  app.addHook('onRequest', fastify.authenticate);

  app.post(
    '/voucher/apply/',
    {
      schema: {
        summary: 'Check a promo code against my cart',
        description:
          'The base is my cart at current prices (available lines only); order_total is accepted and ' +
          'ignored. A code that cannot be applied is a 400 with is_valid false, a reason and its message ' +
          '(also in msg). Applying counts no use: checkout does, when the order is placed. Refused tries are ' +
          `limited (${PROMO_TRIES_PER_CUSTOMER} per customer, ${PROMO_TRIES_PER_ADDRESS} per client address, ` +
          'in 15 minutes): beyond them a 429 with Retry-After.',
        operationId: 'applyVoucher',
        tags,
        security: [{ bearerAuth: [] }],
        body: voucherApplyRequest,
        response: {
          200: voucherApplyResponse,
          400: z.union([voucherRejection, errorBody]),
          401: errorBody,
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const giveBack = await countPromoTry(db, { userId, clientIp: request.ip });
      const basePaisa = cartTotalPaisa(await loadPricedLines(db, userId));
      const result = await evaluateVoucher(db, { code: request.body.code, userId, basePaisa });
      if (!result.ok) {
        throw new BadRequestError(result.message, {
          msg: result.message,
          is_valid: false,
          reason: result.reason,
          voucher: null,
          discount_amount: 0,
          ...(result.minimumPaisa === undefined
            ? {}
            : { minimum_order_value: toRupees(result.minimumPaisa) }),
        });
      }
      await giveBack();
      return {
        voucher: toVoucher(result.voucher),
        discount_amount: toRupees(result.discountPaisa),
        is_valid: true as const,
        message: PROMO_APPLIED,
        cart_total: toRupees(basePaisa),
        final_amount: toRupees(basePaisa - result.discountPaisa),
      };
    },
  );
  // Not throttled like apply: it takes no code, so nothing can be guessed through it, and it only
  // shows codes the shop chose to list to everybody (decision 055).
  app.get(
    '/voucher/available/',
    {
      schema: {
        summary: 'The listed promo codes against my cart',
        description:
          'The codes the shop lists to every customer, checked by the same rules as POST /voucher/apply/ ' +
          'against my cart at current prices: those that apply now with what each saves (exactly the ' +
          'discount applying gives), then those my cart is short of with the rupees missing. Codes used ' +
          'up, used up by me, not started or expired are left out, and so are codes not listed (a code ' +
          `given to some customers only). At most ${LISTED_VOUCHERS_MAX} listed codes are considered.`,
        operationId: 'listCartVouchers',
        tags,
        security: [{ bearerAuth: [] }],
        response: { 200: cartVoucherList, 401: errorBody },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const basePaisa = cartTotalPaisa(await loadPricedLines(db, userId));
      return listCartVouchers(db, userId, basePaisa);
    },
  );
}
