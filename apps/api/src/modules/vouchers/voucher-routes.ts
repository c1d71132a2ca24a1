import { errorBody } from '@pasal/contract/common';
import {
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
          '(also in msg). Applying counts no use: checkout does, when the order is placed.',
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
        },
      },
    },
    async (request) => {
      const userId = request.user.id;
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
}
