import {
  importApplied,
  importApplyQuery,
  importPreview,
  MAX_IMPORT_BYTES,
} from '@pasal/contract/admin-catalogue-csv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-responses';
import { BadRequestError } from '../../../lib/errors';
import { security } from '../route-schema';
import { exportCatalogue } from './catalogue-export';
import { applyImport, previewImport } from './import-apply';

const tags = ['admin-catalogue-csv'];
export const SEND_CSV = 'Send the CSV file itself as the body, with Content-Type: text/csv.';
const FILE_BODY = `The CSV file itself is the body (Content-Type: text/csv, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB), UTF-8 with or without a byte order mark; see docs/back-office-catalogue.md.`;

function fileOf(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body)) throw new BadRequestError(SEND_CSV);
  return request.body;
}

function nepalDate(now: Date): string {
  return new Date(now.getTime() + (5 * 60 + 45) * 60_000).toISOString().slice(0, 10);
}

export async function catalogueCsvRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;
  // The file arrives as it is; it is decoded (UTF-8 only) and parsed by the import itself.
  fastify.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/products/export/',
    {
      schema: {
        summary: 'Download the catalogue as CSV',
        description:
          'Every product, by id, as text/csv in UTF-8 with a byte order mark (spreadsheets then read Nepali ' +
          'right), prices in rupees with 2 decimals. Streamed: a large catalogue is never held whole. The same ' +
          'columns the import reads.',
        operationId: 'adminExportCatalogue',
        tags,
        security,
        response: { 200: z.string().describe('The CSV file'), ...errorResponses(401, 403) },
      },
      compress: false,
    },
    async (_request, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pasal-catalogue-${nepalDate(new Date())}.csv"`)
        .header('cache-control', 'no-store');
      // A stream is sent as it comes (the 200 schema only documents the body).
      return reply.send(exportCatalogue(db) as unknown as string);
    },
  );

  app.post(
    '/products/import/preview/',
    {
      schema: {
        summary: 'Preview a CSV import: what it would change, and every problem by line',
        description: `${FILE_BODY} Changes nothing. Products are matched by slug: new slugs are created, known ones updated (only the fields that differ are listed). Apply with the catalogue_version answered.`,
        operationId: 'adminPreviewCatalogueImport',
        tags,
        security,
        response: { 200: importPreview, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => previewImport(db, fileOf(request)),
  );

  app.post(
    '/products/import/',
    {
      schema: {
        summary: 'Apply a CSV import, all of it or nothing',
        description:
          `${FILE_BODY} Send the file previewed and its catalogue_version. The file is read again: any ` +
          'problem is a 400 listing them (problems, problem_count), and nothing is written; a catalogue (or ' +
          'file) changed since the preview is a 409. Stock changes are stock movements with the import as ' +
          'their reason; every product written gets an audit entry.',
        operationId: 'adminApplyCatalogueImport',
        tags,
        security,
        querystring: importApplyQuery,
        response: { 200: importApplied, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request) =>
      applyImport(db, config, request.user.id, fileOf(request), request.query.catalogue_version),
  );
}
