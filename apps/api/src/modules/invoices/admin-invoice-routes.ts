import { conflictResponse } from '@pasal/contract/admin-common';
import { adminOrderParams } from '@pasal/contract/admin-orders';
import {
  invoiceResponse,
  salesRegisterQuery,
  shopSettings,
  shopSettingsResponse,
  shopSettingsUpdate,
} from '@pasal/contract/invoices';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { security } from '../admin/route-schema';
import { invoicePdf } from './invoice-pdf';
import { invoiceFileName, sendDownload } from './invoice-routes';
import { loadInvoice, toInvoice } from './invoice-view';
import { salesRegisterCsv } from './sales-register';
import { getShopSettings, updateShopSettings } from './shop-settings';

const tags = ['admin-invoices'];

/** Staff: any order's tax invoice, the sales register and the shop's details on the invoices. */
export async function adminInvoiceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/orders/:orderId/invoice/',
    {
      schema: {
        summary: 'Get an order’s tax invoice',
        description: 'A 404 when the order has none yet (it gets one when delivered or paid online).',
        operationId: 'adminGetInvoice',
        tags,
        security,
        params: adminOrderParams,
        response: { 200: invoiceResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ invoice: toInvoice(await loadInvoice(db, request.params.orderId)) }),
  );

  app.get(
    '/orders/:orderId/invoice/pdf/',
    {
      schema: {
        summary: 'Download an order’s tax invoice as a PDF',
        operationId: 'adminGetInvoicePdf',
        tags,
        security,
        params: adminOrderParams,
        response: {
          200: z.string().describe('The PDF (application/pdf, as a download)'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const invoice = await loadInvoice(db, request.params.orderId);
      return sendDownload(
        reply,
        'application/pdf',
        invoiceFileName(invoice.invoiceNumber, 'pdf'),
        await invoicePdf(invoice),
      );
    },
  );

  app.get(
    '/sales-register/',
    {
      schema: {
        summary: 'Download the sales register of a Bikram Sambat month as CSV',
        description:
          'Every invoice issued in the month (Nepal time), in number order: invoice number, date BS and AD, ' +
          'buyer, buyer PAN, taxable amount, exempt amount, VAT, total, status (Issued or Cancelled: a ' +
          'cancelled invoice keeps its figures). UTF-8 with a byte-order mark, CRLF line ends.',
        operationId: 'adminSalesRegister',
        tags,
        security,
        querystring: salesRegisterQuery,
        response: {
          200: z.string().describe('The CSV (text/csv, UTF-8 with BOM, as a download)'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      return sendDownload(
        reply,
        'text/csv; charset=utf-8',
        `sales-register-${month}.csv`,
        await salesRegisterCsv(db, month),
      );
    },
  );

  app.get(
    '/settings/shop/',
    {
      schema: {
        summary: 'Get the shop’s details printed on tax invoices',
        operationId: 'adminGetShopSettings',
        tags,
        security,
        response: { 200: shopSettingsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ settings: await getShopSettings(db) }),
  );

  app.put(
    '/settings/shop/',
    {
      schema: {
        summary: 'Change the shop’s legal name, address and PAN/VAT number',
        description:
          'Invoices issued from now on carry them; issued invoices keep the details they were issued with. ' +
          'Send the version you read (409 with the settings as they are when someone changed them since). ' +
          'Recorded in the audit log.',
        operationId: 'adminUpdateShopSettings',
        tags,
        security,
        body: shopSettingsUpdate,
        response: {
          200: shopSettingsResponse,
          ...errorResponses(400, 401, 403),
          409: conflictResponse(shopSettings),
        },
      },
    },
    async (request) => ({ settings: await updateShopSettings(db, request.user.id, request.body) }),
  );
}
