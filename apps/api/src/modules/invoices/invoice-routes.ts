import { invoiceResponse } from '@pasal/contract/invoices';
import { orderParams } from '@pasal/contract/orders';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { invoicePdf } from './invoice-pdf';
import { loadInvoice, toInvoice } from './invoice-view';

const tags = ['invoices'];
const security = [{ bearerAuth: [] }];
const OWN_ONLY =
  'Someone else’s order is a 404, like one that does not exist; so is an order with no invoice yet.';

/**
 * Sends a file to download. The route's 200 schema documents it as a string; fastify sends a
 * Buffer as it is (no serializer runs), so the reply is taken untyped here.
 */
export function sendDownload(reply: FastifyReply, type: string, fileName: string, body: Buffer | string) {
  return reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`).send(body);
}

/** "invoice-2083-84-17.pdf". */
export function invoiceFileName(invoiceNumber: string, extension: string): string {
  return `invoice-${invoiceNumber.replace(/[^0-9A-Za-z-]/g, '-')}.${extension}`;
}

/** The customer's own tax invoices (docs/back-office-vat.md). */
export async function invoiceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  app.addHook('onRequest', fastify.authenticate);

  app.get(
    '/order/:id/invoice/',
    {
      schema: {
        summary: 'Read the tax invoice of one of my orders',
        description: `Issued when the order is delivered or paid online; a cancelled order's is kept and marked cancelled. ${OWN_ONLY}`,
        operationId: 'getMyInvoice',
        tags,
        security,
        params: orderParams,
        response: { 200: invoiceResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ invoice: toInvoice(await loadInvoice(db, request.params.id, request.user.id)) }),
  );

  app.get(
    '/order/:id/invoice/pdf/',
    {
      schema: {
        summary: 'Download the tax invoice of one of my orders as a PDF',
        description: OWN_ONLY,
        operationId: 'getMyInvoicePdf',
        tags,
        security,
        params: orderParams,
        response: {
          200: z.string().describe('The PDF (application/pdf, as a download)'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const invoice = await loadInvoice(db, request.params.id, request.user.id);
      return sendDownload(
        reply,
        'application/pdf',
        invoiceFileName(invoice.invoiceNumber, 'pdf'),
        await invoicePdf(invoice),
      );
    },
  );
}
