import { conflictResponse, deletedResponse, versionQuery } from '@pasal/contract/admin-common';
import {
  adminVoucher,
  adminVoucherCreate,
  adminVoucherListQuery,
  adminVoucherPage,
  adminVoucherParams,
  adminVoucherResponse,
  adminVoucherUpdate,
} from '@pasal/contract/admin-vouchers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import {
  createVoucher,
  deleteVoucher,
  listVouchers,
  updateVoucher,
  voucherView,
} from './voucher-admin-service';

const tags = ['admin-vouchers'];
const RULES =
  'Percentage: discount_percentage above 0 and at most 100 (2 decimals), optional maximum_discount, no amount. ' +
  'Amount: discount_amount above 0, no percentage, no maximum. Codes are unique ignoring case. valid_from ' +
  '(inclusive) and valid_to (exclusive) are ISO 8601 (no offset: Nepal time); valid_to must be after valid_from. ' +
  'usage_limit and per_customer_limit: null for unlimited.';

export async function voucherRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/vouchers/',
    {
      schema: {
        summary: 'List vouchers with their uses so far (filters, paging)',
        operationId: 'adminListVouchers',
        tags,
        security,
        querystring: adminVoucherListQuery,
        response: { 200: adminVoucherPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listVouchers(db, request.query),
  );

  app.post(
    '/vouchers/',
    {
      schema: {
        summary: 'Create a voucher (promo code)',
        description: RULES,
        operationId: 'adminCreateVoucher',
        tags,
        security,
        body: adminVoucherCreate,
        response: { 201: adminVoucherResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const voucher = await createVoucher(db, request.user.id, request.body);
      return reply.code(201).send({ voucher });
    },
  );

  app.get(
    '/vouchers/:voucherId/',
    {
      schema: {
        summary: 'Get a voucher with its uses so far',
        operationId: 'adminGetVoucher',
        tags,
        security,
        params: adminVoucherParams,
        response: { 200: adminVoucherResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ voucher: await voucherView(db, request.params.voucherId) }),
  );

  app.patch(
    '/vouchers/:voucherId/',
    {
      schema: {
        summary: 'Change a voucher',
        description: `Send the fields to change and the version you read (409 with the current voucher when stale). The rules hold for the voucher as a whole after the change. ${RULES}`,
        operationId: 'adminUpdateVoucher',
        tags,
        security,
        params: adminVoucherParams,
        body: adminVoucherUpdate,
        response: {
          200: adminVoucherResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminVoucher),
        },
      },
    },
    async (request) => ({
      voucher: await updateVoucher(db, request.user.id, request.params.voucherId, request.body),
    }),
  );

  app.delete(
    '/vouchers/:voucherId/',
    {
      schema: {
        summary: 'Delete a voucher no order used',
        description:
          'A voucher used by any order cannot be deleted (409): switch it off instead. ?version= is the version you read.',
        operationId: 'adminDeleteVoucher',
        tags,
        security,
        params: adminVoucherParams,
        querystring: versionQuery,
        response: {
          200: deletedResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminVoucher),
        },
      },
    },
    async (request) => {
      await deleteVoucher(db, request.user.id, request.params.voucherId, request.query.version);
      return { message: 'Voucher deleted.', id: request.params.voucherId };
    },
  );
}
